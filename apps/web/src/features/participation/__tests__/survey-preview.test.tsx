import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { SurveyPreview } from '../components/survey-preview';
import { makeSurvey, surveyId } from './survey-fixtures';

describe('the survey preview (console)', () => {
  it('walks a survey in any state in its language and stores and sends nothing', async () => {
    const backend = createTestBackend();
    const user = userEvent.setup();
    const survey = makeSurvey({ status: 'draft', language: 'de' });
    renderInProviders(<SurveyPreview survey={survey} />);
    await user.type(screen.getByLabelText(/E-Mail-Adresse/), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Umfrage beginnen' }));
    await user.click(await screen.findByRole('radio', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Antworten senden' }));
    expect(await screen.findByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
    expect(backend.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(window.localStorage.getItem(`parley.survey.${surveyId}`)).toBeNull();
  });
});
