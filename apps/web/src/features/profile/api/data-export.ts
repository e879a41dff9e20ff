import { useQueryClient } from '@tanstack/react-query';
import { api, tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { okBody, retryReads } from '../../../api/failure.ts';

export const dataExportKey = ['data-export'] as const;

/** How often the profile asks again while the zip is being prepared. */
const preparingPollMs = 5000;

/** The member's data export: none, being prepared (asked again every few seconds), or ready until it expires. */
export const useDataExport = () =>
  tsr.leaving.dataExport.useQuery({
    queryKey: dataExportKey,
    select: (answer) => answer.body,
    retry: retryReads,
    refetchInterval: (query) => (query.state.data?.body.state === 'preparing' ? preparingPollMs : false),
  });

const request = () => ({});

/** Starts preparing the zip; the answer (preparing) replaces what the profile shows. */
export function useStartExport() {
  const queryClient = useQueryClient();
  const mutation = tsr.leaving.startExport.useMutation({
    onSuccess: (answer) => queryClient.setQueryData(dataExportKey, answer),
  });
  return useAction(mutation, request);
}

/** A short-lived URL that downloads the member's ready export. */
export const dataExportUrl = async () => (await okBody(api.leaving.downloadExport())).url;
