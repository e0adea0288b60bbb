// A JVM client of the Kafenio protocol in binary frames, the path an Android app takes
// (docs/clients.md): the message classes are generated from proto/kafenio/v1/kafenio.proto
// by protoc, the WebSocket is the JDK's own (java.net.http). It signs in as a guest,
// creates a Diloti table with a server bot, plays a whole match (one of the view's legal
// moves at each turn: a plain move, or a move built from one of its move families), and
// checks that the view it built from patches is the server's.
//
// usage: java -cp protobuf.jar:classes org.kafenio.example.DilotiMatch ws://127.0.0.1:8080/ws
package org.kafenio.example;

import com.google.protobuf.Descriptors.FieldDescriptor;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import kafenio.v1.Kafenio.AddBot;
import kafenio.v1.Kafenio.CreateTable;
import kafenio.v1.Kafenio.DilotiMoveFamily;
import kafenio.v1.Kafenio.DilotiView;
import kafenio.v1.Kafenio.Envelope;
import kafenio.v1.Kafenio.JoinTable;
import kafenio.v1.Kafenio.MatchEvent;
import kafenio.v1.Kafenio.Move;
import kafenio.v1.Kafenio.PlayMove;
import kafenio.v1.Kafenio.SetReady;
import kafenio.v1.Kafenio.SignInGuest;
import kafenio.v1.Kafenio.Sit;
import kafenio.v1.Kafenio.ViewPatch;

public final class DilotiMatch {
  private final BlockingQueue<Envelope> inbox = new LinkedBlockingQueue<>();
  private WebSocket socket;
  private int nextId = 1;
  private String tableId = "";
  private DilotiView view;
  private long seq;
  private long actedAt = -1;
  private MatchEvent ended;
  private MatchEvent snapshot;
  private int moves;

  // Collects a message's frames (a large one may come in parts) and decodes the Envelope.
  private final class Listener implements WebSocket.Listener {
    private final ByteArrayOutputStream parts = new ByteArrayOutputStream();

    @Override
    public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
      byte[] bytes = new byte[data.remaining()];
      data.get(bytes);
      parts.write(bytes, 0, bytes.length);
      if (last) {
        try {
          inbox.add(Envelope.parseFrom(parts.toByteArray()));
        } catch (Exception e) {
          System.err.println("undecodable frame: " + e);
        }
        parts.reset();
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
      if (code != WebSocket.NORMAL_CLOSURE) System.err.println("closed by the server: " + code + " " + reason);
      return null;
    }
  }

  private String send(Envelope.Builder request) {
    String id = "j" + nextId++;
    byte[] bytes = request.setRequestId(id).build().toByteArray();
    socket.sendBinary(ByteBuffer.wrap(bytes), true).join();
    return id;
  }

  private Envelope next() throws InterruptedException {
    Envelope envelope = inbox.poll(120, TimeUnit.SECONDS);
    if (envelope == null) throw new IllegalStateException("the server said nothing for 120 s");
    return envelope;
  }

  // Sends a request and handles everything that arrives until its reply.
  private Envelope call(Envelope.Builder request) throws InterruptedException {
    String id = send(request);
    while (true) {
      Envelope envelope = next();
      handle(envelope);
      if (!envelope.getRequestId().equals(id)) continue;
      if (envelope.hasError()) {
        throw new IllegalStateException(envelope.getError().getCode() + ": " + envelope.getError().getMessage());
      }
      return envelope;
    }
  }

  // A patch: each field set replaces the view's, each field named in `cleared` is reset.
  private static DilotiView applyPatch(DilotiView view, ViewPatch patch) {
    DilotiView.Builder next = view.toBuilder();
    DilotiView set = patch.getSet().getDiloti();
    for (FieldDescriptor field : set.getDescriptorForType().getFields()) {
      boolean present = field.isRepeated() ? set.getRepeatedFieldCount(field) > 0 : set.hasField(field);
      if (present) next.setField(field, set.getField(field));
    }
    for (String name : patch.getClearedList()) {
      FieldDescriptor field = DilotiView.getDescriptor().findFieldByName(name);
      if (field != null) next.clearField(field);
    }
    return next.build();
  }

  private void handle(Envelope envelope) {
    if (envelope.hasError() && envelope.getRequestId().isEmpty()) {
      throw new IllegalStateException("pushed error: " + envelope.getError().getMessage());
    }
    if (!envelope.hasMatchEvent()) return;
    MatchEvent event = envelope.getMatchEvent();
    if (!event.getTableId().equals(tableId)) return;
    if (event.hasSnapshot()) {
      snapshot = event;
      return;
    }
    if (event.hasMatchStarted()) {
      view = event.getView().getDiloti();
    } else if (event.getSeq() == seq + 1 && view != null) {
      view = applyPatch(view, event.getPatch());
    } else {
      throw new IllegalStateException("event " + event.getSeq() + " after " + seq);
    }
    seq = event.getSeq();
    if (event.hasMatchEnded()) ended = event;
  }

  private void run(String url) throws Exception {
    socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(URI.create(url), new Listener()).join();
    Envelope signedIn = call(Envelope.newBuilder().setSignInGuest(SignInGuest.newBuilder().setName("Ιάβα")));
    System.out.println("signed in as " + signedIn.getSignedIn().getName());
    tableId = call(Envelope.newBuilder().setCreateTable(CreateTable.newBuilder()
        .setGame("diloti").setPreset("online").addOptions("target=11").setSeats(2)))
        .getTableCreated().getTableId();
    call(Envelope.newBuilder().setSit(Sit.newBuilder().setTableId(tableId).setSeat(0)));
    call(Envelope.newBuilder().setAddBot(AddBot.newBuilder().setTableId(tableId).setSeat(1)));
    call(Envelope.newBuilder().setSetReady(SetReady.newBuilder().setTableId(tableId).setReady(true)));
    while (ended == null) {
      int choices = view == null ? 0 : view.getLegalMovesCount() + view.getMoveFamiliesCount();
      if (view != null && view.getPhase().equals("play") && view.getToAct() == view.getViewer()
          && choices > 0 && actedAt != seq) {
        actedAt = seq;
        int pick = moves % choices;
        Move move = pick < view.getLegalMovesCount() ? view.getLegalMoves(pick)
            : familyMove(view.getMoveFamilies(pick - view.getLegalMovesCount()));
        call(Envelope.newBuilder().setPlayMove(PlayMove.newBuilder().setTableId(tableId).setMove(move)));
        moves++;
        continue;
      }
      handle(next());
    }
    // The whole view the server holds for this seat equals the one built from patches.
    call(Envelope.newBuilder().setJoinTable(JoinTable.newBuilder().setTableId(tableId)));
    while (snapshot == null) handle(next());
    if (!snapshot.getView().getDiloti().equals(view)) throw new IllegalStateException("views differ");
    System.out.println("moves " + moves + ", events " + seq + ", views equal");
    System.out.println("match over: " + ended.getMatchEnded().getTotalsList() + ", winner team "
        + ended.getMatchEnded().getWinner());
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
  }

  // A move of a Diloti move family (docs/protocol.md, "Diloti move families"): the first
  // anchor beside which a part fits (groups), the required parts, then every part that
  // shares no card or declaration with those already taken.
  static Move familyMove(DilotiMoveFamily family) {
    java.util.List<String> anchors = family.getKind().equals("group")
        ? family.getAnchorsList() : java.util.List.of("");
    for (String anchor : anchors) {
      java.util.Set<String> used = new java.util.HashSet<>();
      Move.Builder move = Move.newBuilder().setKind(family.getKind()).setCard(family.getCard());
      java.util.function.Predicate<String> take = (group) -> {
        java.util.List<String> items = new java.util.ArrayList<>(java.util.List.of(group.split("\\+")));
        items.remove(family.getCard());
        for (String item : items) if (used.contains(item)) return false;
        used.addAll(items);
        move.addGroups(group);
        return true;
      };
      if (!anchor.isEmpty()) take.test(anchor);
      int before = move.getGroupsCount();
      for (int index : family.getRequiredList()) take.test(family.getParts(index));
      for (String part : family.getPartsList()) take.test(part);
      if (move.getGroupsCount() > before) return move.build();
    }
    throw new IllegalStateException("no legal selection in a family of " + family.getCard());
  }

  public static void main(String[] args) throws Exception {
    new DilotiMatch().run(args.length > 0 ? args[0] : "ws://127.0.0.1:8080/ws");
  }
}
