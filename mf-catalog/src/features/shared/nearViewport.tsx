import { Suspense, useCallback, useState, type ReactNode, type RefCallback } from 'react';

/**
 * `near` turns true once the element comes within `ahead` of the viewport (IntersectionObserver
 * rootMargin; at once where IntersectionObserver is missing) and stays true: code only a visitor
 * who scrolls there needs starts loading early enough to arrive before it is in view, and a
 * visitor who never scrolls never downloads it. A callback ref, so an element that
 * appears later (an empty description filled in the editor) is still watched.
 */
export function useNearViewport<T extends Element>(ahead = '100% 0px'): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback<RefCallback<T>>(
    (node) => {
      if (!node) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setNear(true);
          observer.disconnect();
        },
        { rootMargin: ahead },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [ahead],
  );
  return [ref, near];
}

/**
 * Below-the-fold parts of a page: `placeholder` (the parts' own loading state, headings
 * included, so nothing moves) until the spot is within a screen of the viewport, then
 * `children` (lazy components), with the same placeholder while their code arrives.
 */
export function WhenNear({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
