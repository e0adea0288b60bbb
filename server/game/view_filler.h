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

// Which fields of a view to write: all of them, only those every audience sees alike
// (shared), or only the viewer's own (`viewer`, `hand`, `legal_moves` and Diloti's
// `move_families`: the only fields in which one seat's view differs from a spectator's). The shared
// part is built once per event and each audience's own part is merged into a copy of it.
enum class ViewPart { all, shared, own };

template <class ViewMessage, class SeatView>
class ViewFiller {
 public:
  // `before`: the viewer's previous view (null: write every field); `cleared`: where a
  // patch names the fields that went back to their default (null for a whole view).
  ViewFiller(ViewMessage& out, const SeatView& now, const SeatView* before, ClearedFields* cleared,
             ViewPart part = ViewPart::all)
      : out_(out), now_(now), before_(before), cleared_(cleared), part_(part) {}

  // Writes field `number` with `write(out)` when it belongs to the part being written
  // and `changed(now, before)` (always for a whole view).
  template <class Changed, class Write>
  void Field(int number, Changed&& changed, Write&& write) {
    if (part_ != ViewPart::all && (part_ == ViewPart::own) != IsOwn(number)) return;
    if (before_ && !changed(now_, *before_)) return;
    write(out_);
    wrote_ = true;
    if (cleared_ && IsDefault(number)) cleared_->Add(std::string(Descriptor(number)->name()));
  }
  // Whether any field was written (or cleared).
  bool Wrote() const { return wrote_; }
  // The same for a field that is one member of the engine's view.
  template <class Value, class Write>
  void Member(int number, Value SeatView::*member, Write&& write) {
    Field(
        number,
        [member](const SeatView& a, const SeatView& b) { return !(a.*member == b.*member); },
        std::forward<Write>(write));
  }

 private:
  // The message type's descriptor and reflection, looked up once: asking an instance
  // for them costs a metadata lookup on every field of every patch.
  static bool IsOwn(int number) {
    if constexpr (requires { ViewMessage::kMoveFamiliesFieldNumber; }) {
      if (number == ViewMessage::kMoveFamiliesFieldNumber) return true;
    }
    return number == ViewMessage::kViewerFieldNumber || number == ViewMessage::kHandFieldNumber ||
           number == ViewMessage::kLegalMovesFieldNumber;
  }
  static const google::protobuf::FieldDescriptor* Descriptor(int number) {
    static const google::protobuf::Descriptor* const type = ViewMessage::descriptor();
    return type->FindFieldByNumber(number);
  }
  bool IsDefault(int number) const {
    static const google::protobuf::Reflection* const reflection =
        ViewMessage::default_instance().GetReflection();
    const auto* field = Descriptor(number);
    return field->is_repeated() ? reflection->FieldSize(out_, field) == 0
                                : !reflection->HasField(out_, field);
  }

  ViewMessage& out_;
  const SeatView& now_;
  const SeatView* before_;
  ClearedFields* cleared_;
  ViewPart part_;
  bool wrote_ = false;
};

}  // namespace kafenio::server
