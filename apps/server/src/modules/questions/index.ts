/**
 * The questions module's public face (D13): its service and routes, the copy the campaigns module
 * is given by the composition root, and a campaign's questions as the participant's page shows them.
 * Depends on campaigns (the row lock and change guards).
 */
export { copyQuestions } from './questions.copy.js';
export { questionRoutes } from './questions.routes.js';
export { createQuestionService, listPublicQuestions, type QuestionService } from './questions.service.js';
