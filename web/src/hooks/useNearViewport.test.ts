import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchNear } from './useNearViewport.ts';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver: the test says when the element crosses the margin. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: unknown[] = [];
  disconnected = false;
  constructor(
    readonly callback: Callback,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(el: unknown) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
}

const el = {} as Element;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('watchNear', () => {
  it('calls back once the element comes within the margin, then stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onNear = vi.fn();
    watchNear(el, onNear, '400px');
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([el]);
    expect(observer.options.rootMargin).toBe('400px');
    observer.callback([{ isIntersecting: false }]);
    expect(onNear).not.toHaveBeenCalled();
    observer.callback([{ isIntersecting: true }]);
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it('stops watching on cleanup', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const stop = watchNear(el, vi.fn());
    stop();
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it('counts the element as near at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onNear = vi.fn();
    watchNear(el, onNear);
    expect(onNear).toHaveBeenCalledTimes(1);
  });
});
