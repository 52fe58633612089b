import { describe } from 'vitest';
import { testPublishedVectors } from './vectors.js';

// One file a profile, so that the profiles' vectors run side by side.
describe('published vectors reproduced under the unixfs-v1-2025 profile', () => testPublishedVectors('unixfs-v1-2025'));
