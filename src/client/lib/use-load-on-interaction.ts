import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A component's interactive code fetched on the first focus or press of its plain, server-rendered
 * form (the home page's JavaScript budget, docs/performance.md): until then the form works as HTML.
 * `handOver` runs at the moment the code arrives and reads what the shopper did meanwhile (the text
 * typed, the focus); the swap is committed at once (flushSync), so no keystroke falls between the two.
 */
export function useLoadOnInteraction<Module, State>(
  load: () => Promise<Module>,
  handOver: () => State,
): { loaded: { module: Module; state: State } | null; start: () => void } {
  const [loaded, setLoaded] = useState<{ module: Module; state: State } | null>(null);
  const started = useRef(false);
  const handOverRef = useRef(handOver);
  handOverRef.current = handOver;
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (module) => flushSync(() => setLoaded({ module, state: handOverRef.current() })),
      // offline or a stale deployment: the plain form still submits to the server
      () => {
        started.current = false;
      },
    );
  }, [load]);
  return { loaded, start };
}
