import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useT } from '../lib/i18n.js';

/**
 * A small rich-text editor (headings, bold, italic, lists, links) that answers HTML. The server
 * sanitises whatever it is sent, so this is for convenience, not for safety.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  labelledBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        class: 'form-control rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
    }),
  });
  if (!editor) return null;
  const tool = (label: string, pressed: boolean | undefined, run: () => void, text: string) => (
    <Button
      size="sm"
      variant={pressed ? 'secondary' : 'outline-secondary'}
      aria-label={label}
      aria-pressed={pressed}
      onClick={run}
    >
      {text}
    </Button>
  );
  const link = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('editor.linkPrompt'), previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().setLink({ href: href.trim() }).run();
  };
  return (
    <div>
      <div
        className="d-flex flex-wrap gap-2 mb-2"
        role="toolbar"
        aria-label={t('editor.formatting')}
      >
        <ButtonGroup>
          {tool(
            t('editor.bold'),
            active?.bold,
            () => editor.chain().focus().toggleBold().run(),
            t('editor.boldShort'),
          )}
          {tool(
            t('editor.italic'),
            active?.italic,
            () => editor.chain().focus().toggleItalic().run(),
            t('editor.italicShort'),
          )}
        </ButtonGroup>
        <ButtonGroup>
          {tool(
            t('editor.heading'),
            active?.h2,
            () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
            t('editor.headingShort'),
          )}
          {tool(
            t('editor.subHeading'),
            active?.h3,
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            t('editor.subHeadingShort'),
          )}
        </ButtonGroup>
        <ButtonGroup>
          {tool(
            t('editor.bullets'),
            active?.bullets,
            () => editor.chain().focus().toggleBulletList().run(),
            t('editor.bulletsShort'),
          )}
          {tool(
            t('editor.numbers'),
            active?.numbers,
            () => editor.chain().focus().toggleOrderedList().run(),
            t('editor.numbersShort'),
          )}
        </ButtonGroup>
        {tool(t('editor.link'), undefined, link, t('editor.link'))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
