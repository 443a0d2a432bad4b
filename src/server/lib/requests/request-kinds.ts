/**
 * Something kept for each kind of request (its method, route pattern and status), found by the values
 * the server already holds: no key is built per request, so no string is made and hashed on the way (ADR
 * 071). Routes are patterns and methods the few the HTTP parser knows, so the kinds stay few.
 */
export class ByRequestKind<T> {
  private readonly byRoute = new Map<string, Map<string, Map<number, T>>>();

  constructor(private readonly make: (method: string, route: string, status: number) => T) {}

  get(method: string, route: string, status: number): T {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let kept = byStatus.get(status);
    if (kept === undefined) {
      kept = this.make(method, route, status);
      byStatus.set(status, kept);
    }
    return kept;
  }
}
