/**
 * The HTTP answer to a submitted funnel request (docs/api-behaviour.md#status-codes): 202 and
 * where to look for one accepted without waiting, 504 for one whose job outlasted the wait, the
 * job's status and envelope otherwise; a refusal is thrown as its HttpError, for the error
 * handler and the record of refusals.
 */
import type { Request, Response } from 'express';
import type { Answer } from '../../core/submission/answer';
import type { SubmissionOutcome } from '../../core/submission/submission-outcome';
import { answerStillRunning } from './still-running';
import { refusalError } from './submission-refusal';

type JobAnswer = Extract<Answer, { state: 'answered' }>;

export function answerSubmission(
  req: Request,
  res: Response,
  outcome: SubmissionOutcome,
  /** Told of each answer a job of this request gave (not a replay). */
  onJobAnswer: (answer: JobAnswer) => void,
): void {
  switch (outcome.state) {
    case 'refused':
      throw refusalError(outcome.refusal);
    case 'accepted':
      answerAccepted(req, res);
      return;
    case 'running':
      answerStillRunning(req, res);
      return;
    case 'answered':
      if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
      else onJobAnswer(outcome);
      // A worker's 503 (an engine away, the retry budget spent) invites a retry, as the API's own do.
      if (outcome.httpStatus === 503) res.setHeader('Retry-After', '5');
      res.status(outcome.httpStatus).json(outcome.envelope);
  }
}

function answerAccepted(req: Request, res: Response): void {
  const endpointUrl = String(req.params.endpointUrl);
  res
    .status(202)
    .set({
      Location: `/api/v1/funnels/${endpointUrl}/history/${encodeURIComponent(req.recordId)}`,
      'Preference-Applied': 'respond-async',
    })
    .json({
      status: 'success',
      message: 'The request was accepted; its history record will show the outcome',
      data: { requestId: req.requestId, recordId: req.recordId },
    });
}
