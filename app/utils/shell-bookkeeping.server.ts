/**
 * A page loader's write that the shell (the root loader's counts) must already show on that very
 * page: opening /discussions marks it seen, and the sidebar's "new discussions" badge is gone on
 * that page, not the next one. React Router runs the root loader and the page's loader at once,
 * and with the async data layer the mark is a unit of work that commits some turns later
 * (docs/decisions/0102-async-data-layer.md); so the page's loader hands the write's promise here
 * before its first await, and the root loader waits for it before it uses the counts (read with the
 * member, or again when the bookkeeping moved them). Its failure is the page loader's to answer:
 * the counts go on without it.
 */
const pendingByRequest = new WeakMap<Request, Promise<boolean>>();

/**
 * Registers `work` as this request's bookkeeping the shell waits for; returns it, to be awaited by
 * the page's loader. `movedCounts` says from its result whether it may have changed the shell's
 * counts (then the root loader reads them again rather than use the ones read with the member);
 * when it fails, they are read again.
 */
export function beforeShellCounts<T>(request: Request, work: Promise<T>, movedCounts: (result: T) => boolean = () => true): Promise<T> {
  pendingByRequest.set(
    request,
    work.then(movedCounts, () => true),
  );
  return work;
}

/** Resolves once the request's page bookkeeping (if any) has settled: whether it may have moved the shell's counts. */
export async function shellBookkeepingSettled(request: Request): Promise<boolean> {
  return (await pendingByRequest.get(request)) ?? false;
}
