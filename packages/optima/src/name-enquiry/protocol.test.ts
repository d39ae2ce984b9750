import { describe, expect, it } from 'vitest';
import {
  AccountResultSchema,
  answersQueries,
  NAME_ENQUIRY_BATCH_MAX,
  NameEnquiryBatchRequestSchema,
  NameEnquiryBatchResponseSchema,
} from './protocol.ts';

const account = { bankCode: '058', accountNumber: '0123456789' };

describe('name-enquiry protocol', () => {
  it('a batch holds 1 to NAME_ENQUIRY_BATCH_MAX accounts', () => {
    expect(NameEnquiryBatchRequestSchema.safeParse({ items: [] }).success).toBe(false);
    expect(NameEnquiryBatchRequestSchema.safeParse({ items: [account] }).success).toBe(true);
    const full = Array.from({ length: NAME_ENQUIRY_BATCH_MAX }, () => account);
    expect(NameEnquiryBatchRequestSchema.safeParse({ items: full }).success).toBe(true);
    expect(NameEnquiryBatchRequestSchema.safeParse({ items: [...full, account] }).success).toBe(false);
  });

  it('accepts any short account string (a malformed one is NOT_FOUND, not a 400), not an empty one', () => {
    expect(
      NameEnquiryBatchRequestSchema.safeParse({ items: [{ bankCode: '058', accountNumber: '12-AB' }] })
        .success,
    ).toBe(true);
    expect(
      NameEnquiryBatchRequestSchema.safeParse({ items: [{ bankCode: '058', accountNumber: '' }] }).success,
    ).toBe(false);
    expect(
      NameEnquiryBatchRequestSchema.safeParse({ items: [{ bankCode: '058', accountNumber: '1'.repeat(33) }] })
        .success,
    ).toBe(false);
  });

  it('FOUND carries a name and maybe an 11-digit BVN; CLOSED and NOT_FOUND carry the account only', () => {
    expect(AccountResultSchema.parse({ ...account, status: 'FOUND', accountName: 'ADA OBI' })).toEqual({
      ...account,
      status: 'FOUND',
      accountName: 'ADA OBI',
    });
    expect(
      AccountResultSchema.safeParse({
        ...account,
        status: 'FOUND',
        accountName: 'ADA OBI',
        bvn: '22123456789',
      }).success,
    ).toBe(true);
    expect(AccountResultSchema.safeParse({ ...account, status: 'FOUND' }).success).toBe(false);
    expect(
      AccountResultSchema.safeParse({ ...account, status: 'FOUND', accountName: 'A', bvn: '123' }).success,
    ).toBe(false);
    expect(
      AccountResultSchema.safeParse({ ...account, status: 'FOUND', accountName: 'A', bvn: null }).success,
    ).toBe(false);
    expect(AccountResultSchema.parse({ ...account, status: 'CLOSED', accountName: 'dropped' })).toEqual({
      ...account,
      status: 'CLOSED',
    });
    expect(AccountResultSchema.safeParse({ ...account, status: 'UNKNOWN' }).success).toBe(false);
    expect(
      NameEnquiryBatchResponseSchema.safeParse({ items: [{ ...account, status: 'NOT_FOUND' }] }).success,
    ).toBe(true);
  });

  it('an answer matches its queries only one for one, in their order', () => {
    const other = { bankCode: '011', accountNumber: '3012345678' };
    const results = [
      { ...account, status: 'NOT_FOUND' as const },
      { ...other, status: 'CLOSED' as const },
    ];
    expect(answersQueries([account, other], results)).toBe(true);
    expect(answersQueries([other, account], results)).toBe(false);
    expect(answersQueries([account], results)).toBe(false);
    expect(answersQueries([account, other, other], results)).toBe(false);
  });
});
