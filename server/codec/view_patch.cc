#include "server/codec/view_patch.h"

#include <vector>

namespace kafenio::server {

namespace pb = google::protobuf;

void ApplyViewPatch(const v1::ViewPatch& patch, v1::GameView& view) {
  const pb::Message* set = nullptr;
  pb::Message* target = nullptr;
  switch (patch.set().game_case()) {
    case v1::GameView::kPilotta:
      set = &patch.set().pilotta();
      target = view.mutable_pilotta();
      break;
    case v1::GameView::kDiloti:
      set = &patch.set().diloti();
      target = view.mutable_diloti();
      break;
    case v1::GameView::GAME_NOT_SET:
      // Only defaults changed: the game is the view's own.
      if (view.has_pilotta()) target = view.mutable_pilotta();
      if (view.has_diloti()) target = view.mutable_diloti();
      break;
  }
  if (!target) return;
  const pb::Reflection* reflection = target->GetReflection();
  if (set) {
    std::vector<const pb::FieldDescriptor*> fields;
    set->GetReflection()->ListFields(*set, &fields);
    // Cleared first, then merged: a merge into an empty field is a copy.
    for (const pb::FieldDescriptor* field : fields) reflection->ClearField(target, field);
    target->MergeFrom(*set);
  }
  const pb::Descriptor* descriptor = target->GetDescriptor();
  for (const std::string& name : patch.cleared()) {
    if (const pb::FieldDescriptor* field = descriptor->FindFieldByName(name)) {
      reflection->ClearField(target, field);
    }
  }
}

}  // namespace kafenio::server
