/** The answer to a funnel request whose job outlasted the wait: 504, and where to look later. */
import type { Request, Response } from 'express';

export function answerStillRunning(req: Request, res: Response): void {
  res.status(504).json({
    status: 'error',
    message: 'The request is still being processed; its history record will show the outcome',
    data: { requestId: req.requestId, recordId: req.recordId },
  });
}
