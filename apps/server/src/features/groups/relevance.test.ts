import { describe, expect, it } from 'vitest';
import {
  categoryPoints,
  categoryPointsByCategory,
  popularityPoints,
  RELEVANCE_TAGS,
  type RelevanceSignals,
  ratingPoints,
  relevance,
} from './relevance.ts';

const nothing: RelevanceSignals = {
  sameCategoryGroups: 0,
  viewerGroups: 0,
  ownerFollowed: false,
  members: 0,
  maxMembers: 50,
  ratingAverage: 0,
  ratingsCount: 0,
};

describe('relevance', () => {
  it('is 0 with no tag for a new, empty group in a category the viewer is not in', () => {
    expect(relevance(nothing)).toEqual({ score: 0, tag: null, isRecommended: false });
  });

  it("weighs the viewer's categories by their share of the viewer's groups", () => {
    expect(categoryPoints(0, 3)).toBe(0);
    expect(categoryPoints(1, 4)).toBe(27.5);
    expect(categoryPoints(2, 2)).toBe(35);
    expect(relevance({ ...nothing, sameCategoryGroups: 2, viewerGroups: 2 })).toMatchObject({
      score: 35,
      tag: RELEVANCE_TAGS.category,
    });
    expect(
      categoryPointsByCategory([
        { category: 'fisica', groups: 3 },
        { category: 'quimica', groups: 1 },
      ]),
    ).toEqual({ fisica: 32.5, quimica: 27.5 });
  });

  it('names the followed owner as the reason, even beside a matching category', () => {
    const both = relevance({ ...nothing, ownerFollowed: true, sameCategoryGroups: 1, viewerGroups: 1 });
    expect(both).toEqual({ score: 70, tag: RELEVANCE_TAGS.followedOwner, isRecommended: true });
  });

  it('grows with members on a log scale and with how full the group is', () => {
    expect(popularityPoints(0, 50)).toBe(0);
    expect(popularityPoints(200, 200)).toBe(20);
    expect(popularityPoints(10, 1000)).toBeLessThan(popularityPoints(100, 1000));
    // Ten times the members is far less than ten times the points.
    expect(popularityPoints(100, 1000) / popularityPoints(10, 1000)).toBeLessThan(2.5);
    expect(popularityPoints(5, 5)).toBeGreaterThan(popularityPoints(5, 50));
    expect(relevance({ ...nothing, members: 150, maxMembers: 160 })).toMatchObject({
      tag: RELEVANCE_TAGS.popular,
    });
    expect(relevance({ ...nothing, members: 3, maxMembers: 50 }).tag).toBeNull();
  });

  it('trusts a rating more as more members give it', () => {
    expect(ratingPoints(5, 0)).toBe(0);
    expect(ratingPoints(5, 1)).toBe(2);
    expect(ratingPoints(5, 5)).toBe(10);
    expect(ratingPoints(5, 50)).toBe(10);
    expect(relevance({ ...nothing, ratingAverage: 4.5, ratingsCount: 3 })).toMatchObject({
      score: 5,
      tag: RELEVANCE_TAGS.rated,
    });
    expect(relevance({ ...nothing, ratingAverage: 3.5, ratingsCount: 10 }).tag).toBeNull();
    expect(relevance({ ...nothing, ratingAverage: 5, ratingsCount: 2 }).tag).toBeNull();
  });

  it('reaches 100 only with every signal at its best, and recommends from 70 on', () => {
    const best = relevance({
      sameCategoryGroups: 4,
      viewerGroups: 4,
      ownerFollowed: true,
      members: 300,
      maxMembers: 300,
      ratingAverage: 5,
      ratingsCount: 40,
    });
    expect(best).toEqual({ score: 100, tag: RELEVANCE_TAGS.followedOwner, isRecommended: true });
    const almost = relevance({ ...nothing, ownerFollowed: true, sameCategoryGroups: 1, viewerGroups: 3 });
    expect(almost.score).toBe(63);
    expect(almost.isRecommended).toBe(false);
  });

  it('stays within 0–100 for odd inputs', () => {
    const odd = relevance({
      ...nothing,
      members: -5,
      maxMembers: 0,
      ratingsCount: -1,
      sameCategoryGroups: 9,
      viewerGroups: 1,
    });
    expect(odd.score).toBeGreaterThanOrEqual(0);
    expect(odd.score).toBeLessThanOrEqual(100);
  });
});
