// One app's page: its URL and the meta tags the API crawls from it (fetchFrameMetaTagsFromUrl).
import { fetchFrameMetaTagsFromUrl } from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { JsonTree } from '../../response/JsonTree';
import { ErrorNote, Section, secondaryButtonClass } from '../DevPage';
import { ExternalLink } from '../ExternalLink';

export function AppPage({ url, onClose }: { url: string; onClose: () => void }) {
  const api = useApi();
  const meta = useQuery({
    queryKey: queryKeys.dev.miniApps('meta', url),
    queryFn: () => api.call(fetchFrameMetaTagsFromUrl, { url }),
    retry: false,
  });
  return (
    <Section title="Mini app page">
      <p className="text-sm">
        <ExternalLink href={url} />
      </p>
      <h3 className="font-medium">Meta tags</h3>
      <ErrorNote error={meta.error} />
      {meta.isPending && <p>Crawling…</p>}
      {meta.data && (
        <div data-testid="meta-tags">
          <JsonTree value={meta.data} label={`meta tags of ${url}`} />
        </div>
      )}
      <button type="button" className={secondaryButtonClass} onClick={onClose}>
        Close page
      </button>
    </Section>
  );
}
