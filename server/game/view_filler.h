#pragma once
// Writes a game's view message (PilottaView, DilotiView) field by field, for a whole view
// or for a patch (ViewPatch, docs/protocol.md): a whole view gets every field; a patch gets
// only the fields whose source changed since the viewer's previous view, and a field that
// changed back to its default is named in `cleared` instead (protobuf does not carry a
// default value, so a patch could not say it otherwise).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/repeated_ptr_field.h>

#include <string>

namespace kafenio::server {

using ClearedFields = google::protobuf::RepeatedPtrField<std::string>;

template <class ViewMessage, class SeatView>
class ViewFiller {
 public:
  // `before`: the viewer's previous view (null: write every field); `cleared`: where a
  // patch names the fields that went back to their default (null for a whole view).
  ViewFiller(ViewMessage& out, const SeatView& now, const SeatView* before, ClearedFields* cleared)
      : out_(out), now_(now), before_(before), cleared_(cleared) {}

  // Writes field `number` with `write(out)` when `changed(now, before)` (always for a
  // whole view).
  template <class Changed, class Write>
  void Field(int number, Changed&& changed, Write&& write) {
    if (before_ && !changed(now_, *before_)) return;
    write(out_);
    if (cleared_ && IsDefault(number)) cleared_->Add(std::string(Descriptor(number)->name()));
  }
  // The same for a field that is one member of the engine's view.
  template <class Value, class Write>
  void Member(int number, Value SeatView::*member, Write&& write) {
    Field(
        number, [member](const SeatView& a, const SeatView& b) { return !(a.*member == b.*member); },
        std::forward<Write>(write));
  }

 private:
  static const google::protobuf::FieldDescriptor* Descriptor(int number) {
    return ViewMessage::descriptor()->FindFieldByNumber(number);
  }
  bool IsDefault(int number) const {
    const auto* field = Descriptor(number);
    const auto* reflection = out_.GetReflection();
    return field->is_repeated() ? reflection->FieldSize(out_, field) == 0
                                : !reflection->HasField(out_, field);
  }

  ViewMessage& out_;
  const SeatView& now_;
  const SeatView* before_;
  ClearedFields* cleared_;
};

}  // namespace kafenio::server
