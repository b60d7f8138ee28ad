import { useInvitation } from '../api/get-invitation';
import { SurveyScreen } from './survey-page';

/**
 * `/p/i/:token`: a survey by personal invitation (D11). The survey as the open link shows it, but
 * the address is the invitation's: no email step, and an invitee who answered already is told so.
 */
export const InvitationPage = ({ token }: { token: string }) => {
  const load = useInvitation(token);
  const survey = load.data;
  return (
    <SurveyScreen
      load={load}
      notFound="invitation"
      invitation={survey ? { token, invitee: survey.invitee } : undefined}
      answered={survey?.answered === true}
    />
  );
};
