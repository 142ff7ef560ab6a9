import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateDetail, EmailTemplatePreview, EmailTemplateSummary } from '#common/schemas/email-templates.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';

const TEMPLATES_URL = '/api/admin/emails/templates';
const templateUrl = (key: string) => `${TEMPLATES_URL}/${encodeURIComponent(key)}`;

export function useEmailTemplates() {
  return useQuery({ queryKey: [TEMPLATES_URL], queryFn: ({ signal }) => getJson<EmailTemplateSummary[]>(TEMPLATES_URL, { signal }) });
}

export function useEmailTemplate(key: string | null) {
  return useQuery({
    queryKey: [TEMPLATES_URL, key],
    queryFn: ({ signal }) => getJson<EmailTemplateDetail>(templateUrl(key!), { signal }),
    enabled: key !== null,
  });
}

/** The e-mail with the words being typed; a refusal (an unknown placeholder) is the query's error, shown beside the preview. */
export function useEmailPreview(key: string, blocks: Record<string, string> | null) {
  return useQuery({
    queryKey: [TEMPLATES_URL, key, 'preview', blocks],
    queryFn: ({ signal }) => apiRequest<EmailTemplatePreview>('POST', `${templateUrl(key)}/preview`, { blocks }, signal),
    enabled: blocks !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useSaveEmailTemplate(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocks: Record<string, string>) => apiRequest<EmailTemplateDetail>('PUT', templateUrl(key), { blocks }),
    onSuccess: (saved) => {
      queryClient.setQueryData([TEMPLATES_URL, key], saved);
      void queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL], exact: true });
      toast({ title: 'E-mail template saved', description: 'The next e-mail of this kind uses these words.' });
    },
  });
}

export function useResetEmailTemplate(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<EmailTemplateDetail>('DELETE', templateUrl(key)),
    onSuccess: (reset) => {
      queryClient.setQueryData([TEMPLATES_URL, key], reset);
      void queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL], exact: true });
      toast({ title: 'Back to the default words' });
    },
    onError: (error: Error) => toast({ title: 'Could not reset the template', description: error.message, variant: 'destructive' }),
  });
}

export function useSendTestEmail(key: string) {
  return useMutation({
    mutationFn: (input: { to: string; blocks: Record<string, string> }) => apiRequest<{ outboxId: number }>('POST', `${templateUrl(key)}/test`, input),
    onSuccess: (_, input) => toast({ title: 'Test e-mail sent', description: `To ${input.to}, through the outbox` }),
  });
}
