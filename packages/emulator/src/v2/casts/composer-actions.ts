// A small static catalogue of composer actions: the emulator has no action registry, but clients
// that render the composer's action menu need a realistic, pageable list.
import type { CastComposerActionsListResponse } from '@castkit/sdk/2.x';
import type { V2Params } from '../../api/dispatch.js';
import { listPage } from '../../store/queries/keyset.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';

const ACTIONS = [
  {
    name: 'Poll',
    octicon: 'graph',
    category: 'social',
    added: 1200,
    featured: true,
    description: 'Ask a question with up to four options',
  },
  {
    name: 'Image',
    octicon: 'image',
    category: 'media',
    added: 950,
    featured: true,
    description: 'Attach an image from the emulator gallery',
  },
  {
    name: 'Event',
    octicon: 'calendar',
    category: 'social',
    added: 610,
    featured: false,
    description: 'Share a date people can join',
  },
  {
    name: 'Tip',
    octicon: 'heart',
    category: 'finance',
    added: 480,
    featured: true,
    description: 'Send a thank-you tip with the cast',
  },
  {
    name: 'Code',
    octicon: 'code',
    category: 'tools',
    added: 300,
    featured: false,
    description: 'Share a formatted code snippet',
  },
];

export function composerActions(
  store: Store,
  params: V2Params<'fetchComposerActions'>,
  origin: string,
): CastComposerActionsListResponse {
  // "top" is by how often an action was added; "featured" is the curated subset, same order.
  const list = ACTIONS.filter((a) => params.list === 'top' || a.featured);
  const page = listPage(store, list, [{ field: 'added', dir: 'desc' }], pageWindow(params, 1));
  return {
    actions: page.rows.map((a) => {
      const slug = a.name.toLowerCase();
      return {
        object: 'composer_action',
        name: a.name,
        icon: a.octicon,
        octicon: a.octicon,
        description: a.description,
        about_url: `${origin}/_emulator/actions/${slug}`,
        image_url: `${origin}/_emulator/image/action-${slug}.svg`,
        action_url: `${origin}/_emulator/actions/${slug}/form`,
        action: { action_type: 'post', post_url: `${origin}/_emulator/actions/${slug}/form` },
        added_count: a.added,
        app_name: 'castkit',
        author_fid: 1,
        category: a.category,
      };
    }),
    next: nextCursor(page.next),
  };
}
