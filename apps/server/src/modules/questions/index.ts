/**
 * The questions module's public face (D13): its service (which also copies a campaign's questions
 * for the campaigns module and lists them as the participant's page shows them) and routes.
 * Depends on campaigns (the row lock and change guard, through its service).
 */
export { questionRoutes } from './questions.routes.js';
export { createQuestionService, type QuestionEvents, type QuestionService } from './questions.service.js';
