import { fromPromise } from 'xstate';
import { hasPdfSignature, type ResumeFile } from '../../../contract/rules/jobs';

/** The jobEducation machine's `resumeSignature` actor: reads the file's first bytes and checks for '%PDF'. */
export const readResumeSignature = fromPromise<boolean, { file: ResumeFile }>(async ({ input }) => {
  const head = await (input.file as unknown as Blob).slice(0, 4).arrayBuffer();
  return hasPdfSignature(new Uint8Array(head));
});

/**
 * The message key under a résumé field while a file is held: the file's name as selected, or as not
 * attached when it was refused (the field shows the refusal).
 */
export const heldResumeKey = (refused: boolean) =>
  refused ? 'common:file.notAttached' : 'common:file.selected';
