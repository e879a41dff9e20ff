import { useMutation } from '@tanstack/react-query';
import { downloadUrl } from './file-nodes.ts';

/** Download a file: its short-lived URL is asked for, then followed; the server sends it as an attachment. */
export const useDownloadFile = () =>
  useMutation({
    mutationFn: async (nodeId: string) => window.location.assign(await downloadUrl(nodeId)),
  });
