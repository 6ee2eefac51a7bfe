import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db/database.ts';

type Schemas = components['schemas'];
export type Owner = Schemas['AttachmentOwner'];

const OWNER_TABLES = { verification: 'verifications', reimbursement: 'reimbursements', orthodontic_plan: 'orthodontic_plans' } as const;

function selectAttachments(q: Queryable) {
  return q.kysely
    .selectFrom('attachments')
    .select((eb) => [
      'id',
      eb.ref('owner_type').$castTo<Owner>().as('owner_type'),
      'owner_id',
      eb.ref('document_type').$castTo<Schemas['DocumentType']>().as('document_type'),
      'file_name',
      eb.ref('mime').$castTo<Schemas['Attachment']['mime']>().as('mime'),
      'size_bytes',
      'sha256',
      'storage_key',
      // Generated columns select as their column type (schema.ts nests ColumnType in Generated): say what they are.
      eb.ref('clinical').$castTo<boolean>().as('clinical'),
      'uploaded_by',
      'uploaded_at',
    ]);
}

export type AttachmentRow = Awaited<ReturnType<ReturnType<typeof selectAttachments>['executeTakeFirstOrThrow']>>;

/** A record's attachments, newest first. */
export const attachmentsOf = (q: Queryable, ownerType: Owner, ownerId: number) =>
  selectAttachments(q).where('owner_type', '=', ownerType).where('owner_id', '=', ownerId).orderBy('id', 'desc').execute();

export const findAttachment = (q: Queryable, id: number) => selectAttachments(q).where('id', '=', id).executeTakeFirst();

/** The owner's workflow state, its row locked until the transaction ends; undefined when there is no such owner. */
export const ownerState = async (tx: Queryable, ownerType: Owner, ownerId: number): Promise<string | undefined> =>
  (await tx.kysely.selectFrom(OWNER_TABLES[ownerType]).select('state').where('id', '=', ownerId).forUpdate().executeTakeFirst())?.state;

export async function insertAttachment(
  tx: Queryable,
  values: { owner_type: Owner; owner_id: number; document_type: string; file_name: string; mime: string; size_bytes: number; sha256: string; storage_key: string; clinical: boolean; uploaded_by: number },
): Promise<AttachmentRow> {
  const { id } = await tx.kysely.insertInto('attachments').values(values).returning('id').executeTakeFirstOrThrow();
  return (await findAttachment(tx, id))!;
}
