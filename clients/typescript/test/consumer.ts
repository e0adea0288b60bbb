// Compiled (never run) by test_pack.mjs against the package's declarations, as an app
// would use them: requests, replies and events are typed from the .proto, and mistakes
// are compile errors. No DOM and no Node typings are loaded.
import { ErrorCode, KafenioClient, KafenioError, PROTOCOL_PACKAGE, PROTOCOL_VERSION, legalMoves } from '@kafenio/client';
import type {
  ClientEvent, ReportFiled, SessionList, SignedIn, TableCreated, TournamentView, WebSocketLike,
} from '@kafenio/client';

declare const socket: WebSocketLike;
const client = new KafenioClient({ url: 'ws://127.0.0.1:8080/ws', format: 'binary', webSocket: () => socket });

export async function typed(): Promise<void> {
  const me: SignedIn = await client.signInGuest('Ελένη');
  const token: string = me.token;
  const created: TableCreated = await client.createTable({ game: 'diloti', seats: 2, options: ['target=11'] });
  const record = await client.request('getMatchRecord', { matchId: 12n });
  const text: string = record.record;
  // @ts-expect-error: a field the request does not have
  await client.request('createTable', { colour: 'red' });
  // @ts-expect-error: not a request of the protocol
  await client.request('fly', {});
  // @ts-expect-error: match ids are 64-bit (bigint)
  await client.getMatchRecord(12);
  // The named methods of tournaments, reports and sessions, typed from the .proto too.
  const entered: TournamentView = await client.checkIn(7n);
  const present: boolean = entered.entrants.some((e) => e.checkedIn);
  const sessions: SessionList = await client.listSessions();
  const filed: ReportFiled = await client.reportPlayer({ accountId: 3n, category: 'abuse' });
  await client.directTournament(7n, 'add_entrant', { playerName: 'Νίκος' });
  // @ts-expect-error: tournament ids are 64-bit (bigint)
  await client.getTournament(7);
  // @ts-expect-error: a field the director's request does not have
  await client.directTournament(7n, 'start', { colour: 'red' });
  // @ts-expect-error: a setting the event does not have
  await client.createTournament({ name: 'Κύπελλο', colour: 'red' });
  void present; void sessions.sessions; void filed.reportId; void PROTOCOL_PACKAGE; void PROTOCOL_VERSION;
  const event = await client.playMove(created.tableId, { notation: 'lay 8c' });
  const seq: bigint | undefined = event?.seq;
  void token; void text; void seq;
}

export function events(event: ClientEvent): string {
  switch (event.case) {
    case 'matchEvent':
      return `${event.value.seq} ${legalMoves(event.view).map((m) => m.notation).join(' ')}`;
    case 'chat':
      return event.value.text;
    case 'connection':
      return event.value.state;
    case 'error':
      return ErrorCode[event.value.code];
    case 'tournamentRoundStarted':
      return `round ${event.value.round} at ${event.value.tableId}`;
    case 'partnerInvitation':
      return `invited to ${event.value.tournamentId}`;
    case 'announcement':
      return event.value.text;
    default:
      return event.case;
  }
}

export function refused(error: unknown): boolean {
  return error instanceof KafenioError && error.code === ErrorCode.NOT_YOUR_TURN && error.codeName === 'NOT_YOUR_TURN';
}
