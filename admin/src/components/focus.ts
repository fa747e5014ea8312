/**
 * Moves focus to an element once it is on screen (after an action: its result, the next step). Given a getter,
 * the element is looked up after React has rendered the state change that shows it.
 */
export function focusSoon(target: HTMLElement | null | (() => HTMLElement | null)): void {
  setTimeout(() => {
    const element = typeof target === 'function' ? target() : target;
    element?.focus();
  }, 50);
}
