// A player's report (docs/protocol.md "Reporting a player"): registered players only; the
// checks that need storage and the report's row are one write (player_report.cc), and the
// reply comes once it is durable.
#include "server/app/hub.h"
#include "server/app/player_report.h"
#include "server/storage/staff_sql.h"

namespace kafenio::server {

void Hub::ReportRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                        const v1::Envelope& request) {
  const std::string& rid = request.request_id();
  const Identity& who = *client.who;
  if (who.guest) {
    return Refuse(peer, rid, v1::REGISTERED_ONLY, "register to report a player");
  }
  if (const auto refusal = CheckReportShape(request.report_player())) {
    return Refuse(peer, rid, refusal->code, refusal->message);
  }
  auto filing = std::make_shared<ReportFiling>();
  services_.tables.log.WriteModeration(
      [filing, reporter = who.account_id, report = request.report_player(), now = clock().NowMs()](
          storage::StaffSql& sql) { *filing = FileReport(sql, reporter, report, now); },
      services_.tables.executor,
      [this, peer, rid, filing](WriteResult result) {
        if (!result.ok()) {
          return Refuse(peer, rid, v1::STORAGE_UNAVAILABLE, "the report could not be stored");
        }
        if (filing->refusal)
          return Refuse(peer, rid, filing->refusal->code, filing->refusal->message);
        auto reply = std::make_shared<v1::Envelope>();
        reply->set_request_id(rid);
        reply->mutable_report_filed()->set_report_id(filing->report_id);
        peer->Deliver(reply);
      });
}

}  // namespace kafenio::server
