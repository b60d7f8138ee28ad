import { describe, expect, it } from 'vitest';
import { campaignValidators, emptyCampaignValues, valuesToInput } from './campaign-form-values';

describe('the end date of the campaign form', () => {
  const now = new Date(2027, 2, 15, 18, 30).getTime();
  const values = { ...emptyCampaignValues('de'), endType: 'date' as const };
  const { endsAt } = campaignValidators(() => now);

  it('takes the picker’s local date-time string and refuses a missing or past moment', () => {
    expect(endsAt('', values)).toEqual({ key: 'campaigns.validation.endsAtRequired' });
    expect(endsAt('2027-03-15 18:30:00', values)).toEqual({ key: 'campaigns.validation.endsAtPast' });
    expect(endsAt('2027-03-15 18:31:00', values)).toBeNull();
  });

  it('sends the moment picked in local time as an ISO instant', () => {
    const input = valuesToInput({ ...values, title: 'Bikes', endsAt: '2027-03-15 18:30:00' });
    expect(input.endCondition).toEqual({
      type: 'date',
      endsAt: new Date(2027, 2, 15, 18, 30).toISOString(),
    });
  });
});
