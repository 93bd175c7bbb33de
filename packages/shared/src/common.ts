import { z } from 'zod';
import { serverMessages } from './errors.js';

/** Ids are UUID strings sent as `_id`; anything else is answered 400 'Invalid id'. */
export const idSchema = z.uuid({ error: serverMessages.invalidId });

/** Image fields hold a path starting with `/` that a client prefixes with the backend origin. */
export const imagePathSchema = z.string();

/** A body object with an `_id`; the old client sends whole objects where only the id matters. */
export const idRefSchema = z.looseObject({ _id: idSchema });
