import { useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { retryReads } from '../../../api/failure.ts';

const siteSettingsKey = ['admin', 'settings'] as const;

/** The site's settings; refused (second_factor_required) to an admin the site asks to add a second factor. */
export const useSiteSettings = () =>
  tsr.admin.settings.useQuery({
    queryKey: siteSettingsKey,
    select: (answer) => answer.body,
    retry: retryReads,
  });

const request = (body: SiteSettings) => ({ body });

/** Changes the site's settings; the settings reload. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  const mutation = tsr.admin.updateSettings.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteSettingsKey }),
  });
  return useAction(mutation, request);
}
