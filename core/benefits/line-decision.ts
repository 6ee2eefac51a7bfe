/** How a reader names a claim line's outcome (issue 28 item 6): a reduced line is approved for less, never just "Aprobada". */
export type LineDecisionName = 'PENDING' | 'APPROVED' | 'REDUCED' | 'REJECTED';

type DecidedLine = { status: string; reason?: string | null; reviewDecision?: string | null; reviewReason?: string | null };

export const lineDecision = (line: DecidedLine): LineDecisionName => (line.status === 'APPROVED' && line.reviewDecision === 'REDUCE' ? 'REDUCED' : (line.status as LineDecisionName));

/** The reason code a line shows: a rejection's (the reviewer's, else the automatic check's), or a reduction's. */
export const lineReason = (line: DecidedLine): string | null => (line.status === 'REJECTED' ? (line.reviewReason ?? line.reason ?? null) : (line.reviewReason ?? null));
