import { Island } from "../islands/island.tsx";
import { useRecordView } from "./use-record-view.ts";

type ViewProps = { kind: string; id: string };

/**
 * Tells the server once that this entry's page was opened (`useRecordView`), from an island of its
 * own that renders nothing, so a page served as islands sends it too (decision 025).
 */
export function RecordView(props: ViewProps) {
  return <Island name="record-view" component={ViewBeacon} props={props} />;
}

/** The beacon itself, as its island hydrates it. */
export function ViewBeacon({ kind, id }: ViewProps): null {
  useRecordView(kind, id);
  return null;
}
