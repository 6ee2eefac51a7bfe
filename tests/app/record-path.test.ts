import { describe, expect, it } from 'vitest';
import { emptyPathReason } from '../../src/features/diagrams/diagram-data.ts';

describe('a record with no events in the diagram lookup', () => {
  const verification = { initial: 'verification.pending' };

  it('has no path yet while it is in the initial state', () => {
    expect(emptyPathReason(verification, 'pending')).toBe('pathEmpty');
  });

  it('predates the history when it sits in a later state with no events kept (a record of an old data folder)', () => {
    expect(emptyPathReason(verification, 'verified')).toBe('pathPredates');
    expect(emptyPathReason(verification, 'expired')).toBe('pathPredates');
  });
});
