import { ReimbursementList } from './ReimbursementList.tsx';

export default function GeneralListScreen({ titleId }: { titleId: string }) {
  return <ReimbursementList kind="GENERAL" titleId={titleId} />;
}
