// The errors a request's promise rejects with. Each says whether the request may have
// been carried out: a server refusal never was; a lost connection leaves it unknown.
import { ErrorCode } from './gen/kafenio/v1/kafenio_pb.js';
import type { Error as ErrorMessage } from './gen/kafenio/v1/kafenio_pb.js';

export type ErrorCodeName = keyof typeof ErrorCode;

// The server refused the request (an `error` reply); nothing changed on the server.
export class KafenioError extends Error {
  readonly code: ErrorCode;
  readonly codeName: ErrorCodeName | string;
  readonly detail: string; // the server's sentence, without the code
  readonly requestId: string;

  constructor(error: ErrorMessage, requestId = error.requestId) {
    const codeName = ErrorCode[error.code] ?? `ERROR_${error.code}`;
    super(`${codeName}: ${error.message}`);
    this.name = 'KafenioError';
    this.code = error.code;
    this.codeName = codeName;
    this.detail = error.message;
    this.requestId = requestId;
  }
}

// No reply within the call's timeout. The request may still be carried out.
export class RequestTimeoutError extends Error {
  constructor(readonly request: string, readonly timeoutMs: number) {
    super(`${request}: no reply within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

// The connection dropped after the request was sent and before its reply: whether it was
// carried out is unknown (a move: the table's events after the reconnect tell).
export class ConnectionLostError extends Error {
  constructor(readonly request: string) {
    super(`${request}: the connection was lost before the reply`);
    this.name = 'ConnectionLostError';
  }
}

// The request was not sent: the client is closed, or it is reconnecting and was told
// not to queue requests (`whileReconnecting: 'fail'`).
export class NotConnectedError extends Error {
  constructor(readonly request: string, reason: string) {
    super(`${request}: ${reason}`);
    this.name = 'NotConnectedError';
  }
}
