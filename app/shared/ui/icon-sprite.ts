import { createContext, use } from "react";
import { ICON_SPRITE, iconSpriteUrl } from "../../../universal/content/icon-sprite.ts";

const ICON_NAME = /^[a-z0-9-]+$/;

/** Which tile of the page's sprite draws an icon: its slot, or -1 when the icon is drawn from its own image. */
export interface IconSprite {
  slot(name: string): number;
}

/**
 * The server's side of a page's sprite (decision 028): every content icon the page renders takes the
 * next slot, up to `ICON_SPRITE.maxIcons`, in the order React renders them. The page is rendered whole
 * before it is sent (`onAllReady`), so once it has been, `headMarkup` names every icon it drew.
 */
export class IconSpriteCollector implements IconSprite {
  readonly names: string[] = [];

  slot(name: string): number {
    if (!ICON_NAME.test(name)) return -1;
    const known = this.names.indexOf(name);
    if (known !== -1 || this.names.length >= ICON_SPRITE.maxIcons) return known;
    this.names.push(name);
    return this.names.length - 1;
  }

  /** The `<style>` for the document's head: the sprite's URL as `--icon-sprite`, and its icons in order. */
  headMarkup(): string {
    if (this.names.length === 0) return "";
    const list = this.names.join(ICON_SPRITE.separator);
    return `<style id="${ICON_SPRITE.elementId}" data-icons="${list}">:root{--icon-sprite:url(${iconSpriteUrl(this.names)})}</style>`;
  }
}

/**
 * The browser's side: the icons the server put in the sprite of the page shown, read from the head. A page
 * moved to in place brings its own sprite (decision 054), so the list is read again when the head's changes.
 */
export class DocumentIconSprite implements IconSprite {
  private list: string | undefined;
  private names: string[] = [];

  slot(name: string): number {
    if (typeof document === "undefined") return -1;
    const list = document.getElementById(ICON_SPRITE.elementId)?.dataset.icons ?? "";
    if (list !== this.list) {
      this.list = list;
      this.names = list ? list.split(ICON_SPRITE.separator) : [];
    }
    return this.names.indexOf(name);
  }
}

const documentSprite = new DocumentIconSprite();

/** Set by the server's render; absent in the browser, which reads the document's list instead. */
export const IconSpriteContext = createContext<IconSprite | null>(null);

/** The page's sprite: the server's collector while it renders, the document's list in the browser. */
export function useIconSprite(): IconSprite {
  return use(IconSpriteContext) ?? documentSprite;
}

/** The slot of `name` in the page's sprite, or -1: an icon drawn larger than a tile stays an image of its own. */
export function useIconSlot(name: string, size: number): number {
  const sprite = useIconSprite();
  return size <= ICON_SPRITE.maxDrawnPx ? sprite.slot(name) : -1;
}
