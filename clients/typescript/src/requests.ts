// Which request gets which reply. The .proto lists requests and replies in one oneof; the
// pairing is in docs/protocol.md, so it is written down here once, for the types and for
// the client's checks.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Envelope, EnvelopeSchema } from './gen/kafenio/v1/kafenio_pb.js';

type Body = Exclude<Envelope['body'], { case: undefined }>;
export type BodyCase = Body['case'];
export type BodyValue<C extends BodyCase> = Extract<Body, { case: C }>['value'];

// The reply case of each request (every other request is answered with `ok`).
export const REPLIES = {
  signInGuest: 'signedIn',
  register: 'signedIn',
  signIn: 'signedIn',
  resume: 'signedIn',
  subscribeLobby: 'lobby',
  createTable: 'tableCreated',
  joinTable: 'ok',
  sit: 'ok',
  stand: 'ok',
  leaveTable: 'ok',
  setReady: 'ok',
  addBot: 'ok',
  // The move's own match event; `ok` when the mover left before it was stored.
  playMove: 'matchEvent',
  sendChat: 'ok',
  reclaimSeat: 'ok',
  ping: 'pong',
  getMatchRecord: 'matchRecord',
  getMatchHistory: 'matchHistory',
  getLeaderboard: 'leaderboard',
  getProfile: 'profile',
  getRatingHistory: 'ratingHistory',
  // Tournaments run by the server (docs/tournaments.md): the director's requests.
  pauseTournament: 'ok',
  resumeTournament: 'ok',
  // Every change to an event is answered with the event in full (docs/protocol.md).
  createTournament: 'tournament',
  listTournaments: 'tournamentList',
  getTournament: 'tournament',
  enterTournament: 'tournament',
  withdrawFromTournament: 'tournament',
  answerInvitation: 'tournament',
  listInvitations: 'invitations',
  checkIn: 'tournament',
  directTournament: 'tournament',
  reportPlayer: 'reportFiled',
  // Sessions (docs/protocol.md "Sessions"): signing out forgets the client's token.
  signOut: 'ok',
  signOutEverywhere: 'ok',
  changePassword: 'ok',
  listSessions: 'sessions',
  revokeSession: 'ok',
} as const satisfies Partial<Record<BodyCase, BodyCase>>;

export type RequestCase = keyof typeof REPLIES;
export type ReplyCase<C extends RequestCase> = (typeof REPLIES)[C];

// What a request's promise resolves with: the reply message (for playMove, the event, or
// undefined when the server answered `ok`).
export type ReplyOf<C extends RequestCase> = C extends 'playMove'
  ? BodyValue<'matchEvent'> | undefined
  : BodyValue<ReplyCase<C>>;

type EnvelopeBodyInit = NonNullable<MessageInitShape<typeof EnvelopeSchema>['body']>;
// A request's fields, as plain data (`{ game: 'diloti', seats: 2 }`) or a message.
export type RequestInit<C extends RequestCase> = Extract<EnvelopeBodyInit, { case: C }>['value'];

// Messages that only ever answer a request.
type ReplyOnly =
  | 'ok' | 'signedIn' | 'lobby' | 'pong' | 'tableCreated' | 'matchRecord' | 'matchHistory' | 'leaderboard' | 'profile' | 'ratingHistory'
  | 'tournament' | 'tournamentList' | 'invitations' | 'reportFiled' | 'sessions';

// The messages the server pushes on its own (empty request_id): every server message but
// the replies, so that one the .proto gains later (regenerated) is in the union too.
export type PushedCase = Exclude<BodyCase, RequestCase | ReplyOnly>;
export type Pushed = Extract<Body, { case: PushedCase }>;

// The pushes this SDK knows of (docs/protocol.md), each listed once. With REPLIES and the
// replies they name, every case of the Envelope's oneof is either a request, a reply or one
// of these: the build fails below when the .proto gains a case that is none of them (a new
// request needs its REPLIES entry and its method), and test_requests.mjs checks the same
// against the generated schema.
export const PUSHED = [
  'table', 'tableRemoved', 'tableClosed', 'matchEvent', 'chat', 'announcement',
  'tournamentRoundStarted', 'tournamentMatchResult', 'tournamentFinished', 'tournamentPaused', 'partnerInvitation',
  'tableRedirect', 'clusterNodes',
] as const satisfies readonly PushedCase[];
type Unclassified = Exclude<BodyCase, RequestCase | ReplyOnly | 'error' | (typeof PUSHED)[number]>;
const everyCaseClassified: [Unclassified] extends [never] ? true : Unclassified = true;
void everyCaseClassified;
