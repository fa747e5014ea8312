import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { ApiError, errorMessage } from '../api/client';
import type { FieldError } from '../api/field-errors';
import { focusSoon } from '../components/focus';

/** What a form refused by the API (or by its own checks) shows: each field's errors, or one general message. */
export interface FieldErrors {
  errors: FieldError[];
  general: string | null;
  /** The block the focus moves to when something is refused (ErrorSummary renders it). */
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The messages of a field and of the items of a list field (`series[1]`), joined; null when it has none. */
  errorFor: (campo: string) => string | null;
  /** Shows these field errors (the form's own checks) and moves the focus to the summary. */
  show: (errors: FieldError[]) => void;
  /** An API failure: its field errors when it names fields, else its message; the focus moves to the summary unless told not to. */
  fail: (error: unknown, options?: { focus?: boolean }) => void;
  /** Moves the focus to the summary (after a refusal the screen shows in it by other means). */
  focusSummary: () => void;
  clearGeneral: () => void;
  /** Nothing refused any more. */
  reset: () => void;
  /** Replaces the field errors without moving the focus (a file read that failed, a field edited). */
  setErrors: (update: (errors: FieldError[]) => FieldError[]) => void;
}

const itemOf = (campo: string) => new RegExp(`^${campo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[\\d+\\]$`);

export function useFieldErrors(): FieldErrors {
  const [errors, setErrorList] = useState<FieldError[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement | null>(null);

  const focusSummary = useCallback(() => focusSoon(() => summaryRef.current), []);
  const show = useCallback(
    (list: FieldError[]) => {
      setErrorList(list);
      focusSummary();
    },
    [focusSummary],
  );
  const fail = useCallback(
    (error: unknown, options: { focus?: boolean } = {}) => {
      if (error instanceof ApiError && error.fieldErrors.length) setErrorList(error.fieldErrors);
      else setGeneral(errorMessage(error));
      if (options.focus ?? true) focusSummary();
    },
    [focusSummary],
  );
  const clearGeneral = useCallback(() => setGeneral(null), []);
  const reset = useCallback(() => {
    setErrorList([]);
    setGeneral(null);
  }, []);

  return useMemo(
    () => ({
      errors,
      general,
      summaryRef,
      errorFor: (campo: string) => {
        const item = itemOf(campo);
        const found = errors.filter((e) => e.campo === campo || item.test(e.campo));
        return found.length ? found.map((e) => e.erro).join('; ') : null;
      },
      show,
      fail,
      focusSummary,
      clearGeneral,
      reset,
      setErrors: setErrorList,
    }),
    [errors, general, show, fail, focusSummary, clearGeneral, reset],
  );
}
