/** The `feed:{language}` realtime topic: new posts of a language, for anyone (visitors too). */
import type { Database } from "../../db/client.ts";
import { isLanguage } from "../../universal/i18n/languages.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { feedEventsAfter, feedLastId } from "./feed.ts";

export function feedPostsTopic(db: Database): TopicSource {
  return {
    mayRead: async (_viewer, language) => isLanguage(language),
    lastId: (language) => feedLastId(db, language),
    eventsAfter: (language, afterId) => feedEventsAfter(db, language, afterId),
  };
}
