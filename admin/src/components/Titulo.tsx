import { useEffect, useRef } from 'react';

/** The screen's heading; focused when the screen opens, so keyboard and screen-reader users start there. */
export function Titulo(props: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {props.children}
    </h1>
  );
}

/**
 * Moves focus to an element once it is on screen (after an action: its result, the next step). Given a getter,
 * the element is looked up after React has rendered the state change that shows it.
 */
export function focar(alvo: HTMLElement | null | (() => HTMLElement | null)): void {
  setTimeout(() => {
    const el = typeof alvo === 'function' ? alvo() : alvo;
    el?.focus();
  }, 50);
}
