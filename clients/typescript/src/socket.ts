// The WebSocket the client uses is injected, so one client runs in browsers and React
// Native (their global WebSocket) and in Node 20 (the `ws` package, or Node's own behind
// --experimental-websocket). Only what these share is used.
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

// The platform's own WebSocket (browsers, React Native, Deno, Node 22+).
export function globalWebSocket(): WebSocketFactory {
  const Native = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (!Native) {
    throw new Error('no global WebSocket here: pass `webSocket: (url) => new WebSocket(url)` (e.g. from the ws package)');
  }
  return (url) => new Native(url);
}

export const OPEN = 1;
