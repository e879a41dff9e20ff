import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useCurrentUser } from '../../../api/session.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { failureText } from '../../../api/messages.ts';
import { commentTime } from '../api/comment-merge.ts';
import styles from './image.module.css';
import { useComments } from '../api/queries.ts';
import { Sidebar } from '../common/Sidebar.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useAddComment } from '../api/add-comment.ts';

/**
 * The Comments sidebar of an image: each comment's author, time and text, and a box for a new one. A new comment
 * shows at once and is swapped for the stored one when the server answers (spec: optimistic creation).
 */
export function CommentsPanel({ photoAlbumId, imageId }: { photoAlbumId: string; imageId: string }) {
  const { user } = useCurrentUser();
  const comments = useComments(photoAlbumId, imageId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addComment = useAddComment();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const comment = text.trim();
    if (!comment || !user) return;
    setText('');
    setError(null);
    try {
      await addComment.mutateAsync({ photoAlbumId, imageId, comment });
    } catch (err) {
      setText((current) => current || comment);
      setError(failureText('post the comment', err));
    }
  };

  // Ctrl+Enter (Cmd+Enter) posts, as in most comment boxes; a plain Enter starts a new line.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  };

  return (
    <Sidebar title="Comments">
      {comments.isPending ? (
        <Spinner label="Loading comments" />
      ) : comments.isError ? (
        <ErrorText>The comments could not be loaded.</ErrorText>
      ) : comments.data.length === 0 ? (
        <p className="muted">No comments</p>
      ) : (
        <ol className={styles.comments}>
          {comments.data.map((c) => (
            <li key={c.imageCommentId} className={styles.comment}>
              <div className={styles.commentHead}>
                <span className={styles.author}>{c.displayName}</span>
                <time className={styles.time} dateTime={c.createdAt}>
                  {commentTime(c.createdAt)}
                </time>
              </div>
              <p className={styles.commentText}>{c.comment}</p>
            </li>
          ))}
        </ol>
      )}
      <form className={styles.newComment} onSubmit={(e) => void submit(e)}>
        <label htmlFor="new-comment" className="label">
          New comment
        </label>
        <textarea
          id="new-comment"
          className={`input ${styles.commentBox}`}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {error && <ErrorText>{error}</ErrorText>}
        <div>
          <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
            Submit
          </button>
        </div>
      </form>
    </Sidebar>
  );
}
