import { useEffect, useRef } from 'react';

/** The screen's heading; focused when the screen opens, so keyboard and screen-reader users start there. */
export function ScreenTitle(props: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {props.children}
    </h1>
  );
}
