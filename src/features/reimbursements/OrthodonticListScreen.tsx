import { ReimbursementList } from './ReimbursementList.tsx';

export default function OrthodonticListScreen({ titleId }: { titleId: string }) {
  return <ReimbursementList kind="ORTHODONTIC" titleId={titleId} />;
}
