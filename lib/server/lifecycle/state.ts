import "server-only";

// Whether this process is shutting down (SIGTERM received). Kept on globalThis: Next may load a
// module more than once in one process, and every copy must see the one flag. /api/ready answers
// 503 from the moment it is set, so a load balancer stops sending new work here while the requests
// and jobs already taken are finished.

const holder = globalThis as typeof globalThis & { __lenwellShuttingDown?: boolean };

export function isShuttingDown(): boolean {
  return holder.__lenwellShuttingDown === true;
}

export function markShuttingDown(): void {
  holder.__lenwellShuttingDown = true;
}
