// The webhook filter builder's model: form text to a subscription's filters and back.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, FilterInputError, toFilters, toForm } from '../src/dev/webhooks/filter-model';

describe('webhook filter model', () => {
  it('offers every webhook event type of the spec', () => {
    expect(EVENT_TYPES.map((e) => e.type)).toEqual([
      'cast.created',
      'cast.deleted',
      'user.created',
      'user.updated',
      'follow.created',
      'follow.deleted',
      'reaction.created',
      'reaction.deleted',
    ]);
  });

  it('turns ticked types and their fields into filters, leaving empty fields out', () => {
    const filters = toFilters({
      'cast.created': {
        author_fids: '1, 2 3',
        text: '\\bgm\\b',
        parent_urls: 'https://a.example, https://b.example',
      },
      'user.created': {},
      'follow.created': { target_fids: '' },
    });
    expect(filters).toEqual({
      'cast.created': {
        author_fids: [1, 2, 3],
        text: '\\bgm\\b',
        parent_urls: ['https://a.example', 'https://b.example'],
      },
      'user.created': {},
      'follow.created': {},
    });
    expect(toFilters(toForm(filters))).toEqual(filters);
  });

  it('names the type, field and value when a fid is not one', () => {
    expect(() => toFilters({ 'reaction.created': { fids: '1, bob' } })).toThrow(FilterInputError);
    expect(() => toFilters({ 'reaction.created': { fids: '1, bob' } })).toThrow(
      'reaction.created By fids: "bob" is not a fid',
    );
  });
});
