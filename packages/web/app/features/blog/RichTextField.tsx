import "@mantine/tiptap/styles.css";
import { RichTextEditor, Link as LinkExtension } from "@mantine/tiptap";
import { IconPhotoPlus } from "@tabler/icons-react";
import { imageMimeTypes } from "@tianguis/domain/schemas/catalogue";
import Image from "@tiptap/extension-image";
import { type JSONContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef } from "react";
import { useT } from "../../lib/i18n";

/**
 * The entry's rich-text editor: Tiptap's StarterKit (headings h2–h3, lists, quotes, code, rules), links and images, in
 * Mantine's toolbar. It is the default export of its own module so that the editor (ProseMirror, about 100 KB compressed)
 * loads only on the editing pages, never with the storefront (BlogEditor lazy-loads it).
 */
export default function RichTextField({
  labelId,
  initial,
  onChange,
  onImage,
  invalid,
}: {
  labelId: string;
  initial: JSONContent;
  onChange: (doc: JSONContent) => void;
  /** Uploads a picked file and answers its URL, or null when it failed (the caller has told the user). */
  onImage: (file: File) => Promise<string | null>;
  invalid: boolean;
}) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      LinkExtension.configure({ openOnClick: false, autolink: true, defaultProtocol: "https" }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial,
    immediatelyRender: false,
    editorProps: {
      attributes: { "aria-labelledby": labelId, "aria-multiline": "true", role: "textbox", "data-testid": "blog-editor" },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON()),
  });

  const insertImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    const src = await onImage(file);
    if (!src) return;
    // After the selection, never over it: picking an image must not erase the text that was selected.
    const after = editor.state.selection.to;
    editor
      .chain()
      .focus()
      .setTextSelection(after)
      .setImage({ src, alt: file.name.replace(/\.[^.]+$/, "") })
      .run();
  };

  return (
    <RichTextEditor
      editor={editor}
      labels={{
        boldControlLabel: t("blog_editor_bold"),
        italicControlLabel: t("blog_editor_italic"),
        strikeControlLabel: t("blog_editor_strike"),
        h2ControlLabel: t("blog_editor_h2"),
        h3ControlLabel: t("blog_editor_h3"),
        bulletListControlLabel: t("blog_editor_bullets"),
        orderedListControlLabel: t("blog_editor_numbers"),
        blockquoteControlLabel: t("blog_editor_quote"),
        linkControlLabel: t("blog_editor_link"),
        unlinkControlLabel: t("blog_editor_unlink"),
        linkEditorInputLabel: t("blog_editor_link"),
        linkEditorInputPlaceholder: t("blog_editor_link_placeholder"),
        linkEditorSave: t("blog_editor_link_save"),
        linkEditorExternalLink: t("blog_editor_link_new_tab"),
        linkEditorInternalLink: t("blog_editor_link_new_tab"),
        undoControlLabel: t("blog_editor_undo"),
        redoControlLabel: t("blog_editor_redo"),
      }}
      style={{ borderColor: invalid ? "var(--mantine-color-red-6)" : undefined }}
    >
      <RichTextEditor.Toolbar sticky stickyOffset={0} aria-label={t("blog_editor_toolbar")} role="toolbar">
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <RichTextEditor.Control
            onClick={() => fileInput.current?.click()}
            aria-label={t("blog_editor_image")}
            title={t("blog_editor_image")}
          >
            <IconPhotoPlus stroke={1.5} size={16} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={280} />
      <input
        ref={fileInput}
        type="file"
        accept={imageMimeTypes.join(",")}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="blog-image-input"
        onChange={(event) => {
          void insertImage(event.currentTarget.files?.[0]);
          event.currentTarget.value = "";
        }}
      />
    </RichTextEditor>
  );
}
