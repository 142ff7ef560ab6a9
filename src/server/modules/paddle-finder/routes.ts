import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinderAnswers, FinderResult } from '#common/schemas/paddle-finder.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { findPaddles } from './finder-service.ts';
import type { PaddleFinderDeps } from './paddle-finder-deps.ts';

export const paddleFinderRoutes: FastifyPluginAsyncZod<PaddleFinderDeps> = async (app, { db }) => {
  app.get(
    '/paddle-finder',
    {
      schema: {
        summary: "The paddle finder's results: paddles within the answers' filters, best fit first, each with why it fits",
        description: 'Answers: skill, format, style, arm, budget, weight. Unknown parameters and answers are ignored, so an old shared link still opens.',
        querystring: FinderAnswers,
        response: { 200: FinderResult, ...errorResponses },
      },
    },
    async (request) => findPaddles(db, request.query),
  );
};
