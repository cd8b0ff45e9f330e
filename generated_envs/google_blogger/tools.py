"""Tools of the google_blogger environment, compiled from Blogger API.

The Blogger API provides access to posts, comments and pages of a Blogger blog.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

BlogStatus = Literal["LIVE", "DELETED"]
CommentStatus = Literal["LIVE", "EMPTIED", "PENDING", "SPAM"]
PageStatus = Literal["LIVE", "DRAFT", "SOFT_TRASHED"]
ReaderComments = Literal["ALLOW", "DONT_ALLOW_SHOW_EXISTING", "DONT_ALLOW_HIDE_EXISTING"]
PostStatus = Literal["LIVE", "DRAFT", "SCHEDULED", "SOFT_TRASHED"]

_BLOGS_SQL = ("SELECT t.*, r1.display_name AS user_display_name FROM blogs t LEFT JOIN users r1 ON "
              "r1.user_id = t.user_id")
_BLOGS_LIST_SQL = ("SELECT t.blog_id, t.name, t.kind, t.published, t.status, t.url, t.user_id, "
                   "r1.display_name AS user_display_name FROM blogs t LEFT JOIN users r1 ON r1.user_id"
                   " = t.user_id")
_COMMENTS_SQL = "SELECT t.*, r1.title AS post_title FROM comments t LEFT JOIN posts r1 ON r1.post_id = t.post_id"
_COMMENTS_LIST_SQL = ("SELECT t.comment_id, t.published, t.kind, t.status, t.post_id, r1.title AS "
                      "post_title FROM comments t LEFT JOIN posts r1 ON r1.post_id = t.post_id")
_PAGES_SQL = "SELECT t.* FROM pages t"
_PAGES_LIST_SQL = "SELECT t.page_id, t.title, t.kind, t.published, t.status FROM pages t"
_POSTS_SQL = ("SELECT t.*, r1.display_name AS user_display_name FROM posts t LEFT JOIN users r1 ON "
              "r1.user_id = t.user_id")
_POSTS_LIST_SQL = ("SELECT t.post_id, t.title, t.kind, t.published, t.reader_comments, t.status, "
                   "t.user_id, r1.display_name AS user_display_name FROM posts t LEFT JOIN users r1 ON"
                   " r1.user_id = t.user_id")
_USERS_SQL = "SELECT t.* FROM users t"
_USERS_LIST_SQL = "SELECT t.user_id, t.display_name, t.kind FROM users t"


def _blog(db: Database, blog_id: str) -> dict[str, Any]:
    row = db.query_one(_BLOGS_SQL + " WHERE t.blog_id = ?", [blog_id.strip().upper()])
    if row is None:
        raise ToolError(f"no blog with id {blog_id!r} (blog ids look like 'B-0001')")
    return row


def _comment(db: Database, comment_id: str) -> dict[str, Any]:
    row = db.query_one(_COMMENTS_SQL + " WHERE t.comment_id = ?", [comment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no comment with id {comment_id!r} (comment ids look like 'C-0001')")
    return row


def _page(db: Database, page_id: str) -> dict[str, Any]:
    row = db.query_one(_PAGES_SQL + " WHERE t.page_id = ?", [page_id.strip().upper()])
    if row is None:
        raise ToolError(f"no page with id {page_id!r} (page ids look like 'P-0001')")
    return row


def _post(db: Database, post_id: str) -> dict[str, Any]:
    row = db.query_one(_POSTS_SQL + " WHERE t.post_id = ?", [post_id.strip().upper()])
    if row is None:
        raise ToolError(f"no post with id {post_id!r} (post ids look like 'P-0001')")
    return row


def _user(db: Database, user_id: str) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id.strip().upper()])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like 'U-0001')")
    return row


@tool
def blogger_blogs_get_by_url(db: Database, url: str | None = None) -> list[dict[str, Any]]:
    """Gets a blog by url.

    Args:
        url: The URL where this blog is published.

    Returns:
        The matching blog summaries (blog_id, name, kind, published, status, url, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if url is not None:
        where.append("lower(t.url) = lower(?)")
        params.append(url.strip())
    return select_rows(db, _BLOGS_LIST_SQL, where, params, "t.blog_id")


@tool
def blogger_blogs_get(db: Database, blog_id: str) -> dict[str, Any]:
    """Gets a blog by id.

    Args:
        blog_id: The identifier for this resource; e.g. "B-0001" (from blogger_blogs_get_by_url).

    Returns:
        The blog with the names of the rows it refers to.
    """
    return _blog(db, blog_id)


@tool
def blogger_comments_list_by_blog(db: Database) -> list[dict[str, Any]]:
    """Lists comments by blog.

    Returns:
        The matching comment summaries (comment_id, published, kind, status, post_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _COMMENTS_LIST_SQL, [], [], "t.comment_id")


@tool
def blogger_pages_list(db: Database) -> list[dict[str, Any]]:
    """Lists pages.

    Returns:
        The matching page summaries (page_id, title, kind, published, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PAGES_LIST_SQL, [], [], "t.page_id")


@tool(writes=True)
def blogger_pages_insert(
        db: Database,
        author: str | None = None,
        blog: str | None = None,
        content: str | None = None,
        etag: str | None = None,
        kind: str | None = None,
        published: str | None = None,
        self_link: str | None = None,
        status: PageStatus | None = None,
        title: str | None = None,
        trashed: str | None = None,
        updated: str | None = None,
        url: str | None = None,
) -> dict[str, Any]:
    """Inserts a page.

    Args:
        author: The author of this Page.
        blog: Data about the blog containing this Page.
        content: The body content of this Page, in HTML.
        etag: Etag of the resource.
        kind: The kind of this entity. Always blogger#page.
        published: RFC 3339 date-time when this Page was published.
        self_link: The API REST URL to fetch this resource from.
        status: The status of the page for admin resources (either LIVE or DRAFT).
        title: The title of this entity. This is the name displayed in the Admin user interface.
        trashed: RFC 3339 date-time when this Page was trashed.
        updated: RFC 3339 date-time when this Page was last updated.
        url: The URL that this Page is displayed at.

    Returns:
        The new page.
    """
    if content is not None:
        content = content.strip()
    if etag is not None:
        etag = etag.strip()
    if kind is not None:
        kind = kind.strip()
    if published is not None:
        published = check_moment("published", published)
    if self_link is not None:
        self_link = self_link.strip()
    if title is not None:
        title = title.strip()
    if trashed is not None:
        trashed = trashed.strip()
    if updated is not None:
        updated = check_moment("updated", updated)
    if url is not None:
        url = url.strip()
    page_id = next_id(db, "pages", "page_id", "P-", 4)
    db.execute("INSERT INTO pages (author, blog, content, etag, page_id, kind, published, self_link, status, "
               "title, trashed, updated, url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [author, blog, content, etag, page_id, kind, published, self_link, status, title, trashed, updated, url])
    return db.query_one(_PAGES_SQL + " WHERE t.page_id = ?", [page_id]) or {}


@tool
def blogger_pages_get(db: Database, page_id: str) -> dict[str, Any]:
    """Gets a page by blog id and page id.

    Args:
        page_id: The identifier for this resource; e.g. "P-0001" (from blogger_pages_list).

    Returns:
        The page with the names of the rows it refers to.
    """
    return _page(db, page_id)


@tool(writes=True)
def blogger_pages_patch(
        db: Database,
        page_id: str,
        author: str | None = None,
        blog: str | None = None,
        content: str | None = None,
        etag: str | None = None,
        kind: str | None = None,
        published: str | None = None,
        self_link: str | None = None,
        status: PageStatus | None = None,
        title: str | None = None,
        trashed: str | None = None,
        updated: str | None = None,
        url: str | None = None,
) -> dict[str, Any]:
    """Patches a page.

    Args:
        page_id: The identifier for this resource; e.g. "P-0001" (from blogger_pages_list).
        author: The author of this Page.
        blog: Data about the blog containing this Page.
        content: The body content of this Page, in HTML.
        etag: Etag of the resource.
        kind: The kind of this entity. Always blogger#page.
        published: RFC 3339 date-time when this Page was published.
        self_link: The API REST URL to fetch this resource from.
        status: The status of the page for admin resources (either LIVE or DRAFT).
        title: The title of this entity. This is the name displayed in the Admin user interface.
        trashed: RFC 3339 date-time when this Page was trashed.
        updated: RFC 3339 date-time when this Page was last updated.
        url: The URL that this Page is displayed at.

    Returns:
        The page as changed.
    """
    page = _page(db, page_id)
    changes: dict[str, Any] = {}
    if author is not None:
        changes["author"] = author
    if blog is not None:
        changes["blog"] = blog
    if content is not None:
        content = content.strip()
        changes["content"] = content
    if etag is not None:
        etag = etag.strip()
        changes["etag"] = etag
    if kind is not None:
        kind = kind.strip()
        changes["kind"] = kind
    if published is not None:
        published = check_moment("published", published)
        changes["published"] = published
    if self_link is not None:
        self_link = self_link.strip()
        changes["self_link"] = self_link
    if status is not None:
        changes["status"] = status
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if trashed is not None:
        trashed = trashed.strip()
        changes["trashed"] = trashed
    if updated is not None:
        updated = check_moment("updated", updated)
        changes["updated"] = updated
    if url is not None:
        url = url.strip()
        changes["url"] = url
    if not changes:
        raise ToolError("blogger pages patch needs at least one of author, blog, content, etag, kind, published, "
                        "self link, status, title, trashed, updated or url")
    update_row(db, "pages", "page_id", page["page_id"], changes)
    return _page(db, page["page_id"])


@tool
def blogger_posts_list(db: Database) -> list[dict[str, Any]]:
    """Lists posts.

    Returns:
        The matching post summaries (post_id, title, kind, published, reader_comments, status, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _POSTS_LIST_SQL, [], [], "t.post_id")


@tool(writes=True)
def blogger_posts_insert(
        db: Database,
        author: str | None = None,
        blog: str | None = None,
        content: str | None = None,
        custom_meta_data: str | None = None,
        etag: str | None = None,
        images: str | None = None,
        kind: str | None = None,
        labels: str | None = None,
        location: str | None = None,
        published: str | None = None,
        reader_comments: ReaderComments | None = None,
        replies: str | None = None,
        self_link: str | None = None,
        status: PostStatus | None = None,
        title: str | None = None,
        title_link: str | None = None,
        trashed: str | None = None,
        updated: str | None = None,
        url: str | None = None,
) -> dict[str, Any]:
    """Inserts a post.

    Args:
        author: The author of this Post.
        blog: Data about the blog containing this Post.
        content: The content of the Post. May contain HTML markup.
        custom_meta_data: The JSON meta-data for the Post.
        etag: Etag of the resource.
        images: Display image for the Post.
        kind: The kind of this entity. Always blogger#post.
        labels: The list of labels this Post was tagged with.
        location: The location for geotagged posts.
        published: RFC 3339 date-time when this Post was published.
        reader_comments: Comment control and display setting for readers of this post.
        replies: The container of comments on this Post.
        self_link: The API REST URL to fetch this resource from.
        status: Status of the post. Only set for admin-level requests.
        title: The title of the Post.
        title_link: The title link URL, similar to atom's related link.
        trashed: RFC 3339 date-time when this Post was last trashed.
        updated: RFC 3339 date-time when this Post was last updated.
        url: The URL where this Post is displayed.

    Returns:
        The new post.
    """
    if content is not None:
        content = content.strip()
    if custom_meta_data is not None:
        custom_meta_data = custom_meta_data.strip()
    if etag is not None:
        etag = etag.strip()
    if kind is not None:
        kind = kind.strip()
    if published is not None:
        published = check_moment("published", published)
    if self_link is not None:
        self_link = self_link.strip()
    if title is not None:
        title = title.strip()
    if title_link is not None:
        title_link = title_link.strip()
    if trashed is not None:
        trashed = trashed.strip()
    if updated is not None:
        updated = check_moment("updated", updated)
    if url is not None:
        url = url.strip()
    post_id = next_id(db, "posts", "post_id", "P-", 4)
    db.execute("INSERT INTO posts (author, blog, content, custom_meta_data, etag, post_id, images, kind, labels, "
               "location, published, reader_comments, replies, self_link, status, title, title_link, trashed, "
               "updated, url, user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [author, blog, content, custom_meta_data, etag, post_id, images, kind, labels, location, published, reader_comments, replies, self_link, status, title, title_link, trashed, updated, url, None])
    return db.query_one(_POSTS_SQL + " WHERE t.post_id = ?", [post_id]) or {}


@tool
def blogger_posts_get_by_path(db: Database) -> list[dict[str, Any]]:
    """Gets a post by path.

    Returns:
        The matching post summaries (post_id, title, kind, published, reader_comments, status, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _POSTS_LIST_SQL, [], [], "t.post_id")


@tool
def blogger_posts_search(db: Database) -> list[dict[str, Any]]:
    """Searches for posts matching given query terms in the specified blog.

    Returns:
        The matching post summaries (post_id, title, kind, published, reader_comments, status, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _POSTS_LIST_SQL, [], [], "t.post_id")


@tool
def blogger_posts_get(db: Database, post_id: str) -> dict[str, Any]:
    """Gets a post by blog id and post id.

    Args:
        post_id: The identifier of this Post; e.g. "P-0001" (from blogger_posts_list).

    Returns:
        The post with the names of the rows it refers to.
    """
    return _post(db, post_id)


@tool(writes=True)
def blogger_posts_patch(
        db: Database,
        post_id: str,
        author: str | None = None,
        blog: str | None = None,
        content: str | None = None,
        custom_meta_data: str | None = None,
        etag: str | None = None,
        images: str | None = None,
        kind: str | None = None,
        labels: str | None = None,
        location: str | None = None,
        published: str | None = None,
        reader_comments: ReaderComments | None = None,
        replies: str | None = None,
        self_link: str | None = None,
        status: PostStatus | None = None,
        title: str | None = None,
        title_link: str | None = None,
        trashed: str | None = None,
        updated: str | None = None,
        url: str | None = None,
) -> dict[str, Any]:
    """Patches a post.

    Args:
        post_id: The identifier of this Post; e.g. "P-0001" (from blogger_posts_list).
        author: The author of this Post.
        blog: Data about the blog containing this Post.
        content: The content of the Post. May contain HTML markup.
        custom_meta_data: The JSON meta-data for the Post.
        etag: Etag of the resource.
        images: Display image for the Post.
        kind: The kind of this entity. Always blogger#post.
        labels: The list of labels this Post was tagged with.
        location: The location for geotagged posts.
        published: RFC 3339 date-time when this Post was published.
        reader_comments: Comment control and display setting for readers of this post.
        replies: The container of comments on this Post.
        self_link: The API REST URL to fetch this resource from.
        status: Status of the post. Only set for admin-level requests.
        title: The title of the Post.
        title_link: The title link URL, similar to atom's related link.
        trashed: RFC 3339 date-time when this Post was last trashed.
        updated: RFC 3339 date-time when this Post was last updated.
        url: The URL where this Post is displayed.

    Returns:
        The post as changed.
    """
    post = _post(db, post_id)
    changes: dict[str, Any] = {}
    if author is not None:
        changes["author"] = author
    if blog is not None:
        changes["blog"] = blog
    if content is not None:
        content = content.strip()
        changes["content"] = content
    if custom_meta_data is not None:
        custom_meta_data = custom_meta_data.strip()
        changes["custom_meta_data"] = custom_meta_data
    if etag is not None:
        etag = etag.strip()
        changes["etag"] = etag
    if images is not None:
        changes["images"] = images
    if kind is not None:
        kind = kind.strip()
        changes["kind"] = kind
    if labels is not None:
        changes["labels"] = labels
    if location is not None:
        changes["location"] = location
    if published is not None:
        published = check_moment("published", published)
        changes["published"] = published
    if reader_comments is not None:
        changes["reader_comments"] = reader_comments
    if replies is not None:
        changes["replies"] = replies
    if self_link is not None:
        self_link = self_link.strip()
        changes["self_link"] = self_link
    if status is not None:
        changes["status"] = status
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if title_link is not None:
        title_link = title_link.strip()
        changes["title_link"] = title_link
    if trashed is not None:
        trashed = trashed.strip()
        changes["trashed"] = trashed
    if updated is not None:
        updated = check_moment("updated", updated)
        changes["updated"] = updated
    if url is not None:
        url = url.strip()
        changes["url"] = url
    if not changes:
        raise ToolError("blogger posts patch needs at least one of author, blog, content, custom meta data, etag, "
                        "images, kind, labels, location, published, reader comments, replies, self link, status, "
                        "title, title link, trashed, updated or url")
    update_row(db, "posts", "post_id", post["post_id"], changes)
    return _post(db, post["post_id"])


@tool
def blogger_comments_list(
        db: Database,
        post_id: str | None = None,
        status: CommentStatus | None = None,
) -> list[dict[str, Any]]:
    """Lists comments.

    Args:
        post_id: The post this comment belongs to; e.g. "P-0001".
        status: The status of the comment (only populated for admin users).

    Returns:
        The matching comment summaries (comment_id, published, kind, status, post_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if post_id is not None:
        post = _post(db, post_id)
        where.append("t.post_id = ?")
        params.append(post["post_id"])
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _COMMENTS_LIST_SQL, where, params, "t.comment_id")


@tool
def blogger_comments_get(db: Database, post_id: str, comment_id: str) -> dict[str, Any]:
    """Gets a comment by id.

    Args:
        post_id: The post this comment belongs to; e.g. "P-0001" (from blogger_posts_list).
        comment_id: The identifier for this resource; e.g. "C-0001" (from blogger_comments_list_by_blog).

    Returns:
        The comment with the names of the rows it refers to.
    """
    comment = _comment(db, comment_id)
    post = _post(db, post_id)
    if comment["post_id"] != post["post_id"]:
        raise ToolError(f"comment {comment['comment_id']} is not under post {post['post_id']} (it belongs to post "
                        f"{comment['post_id']})")
    return comment


@tool(writes=True)
def blogger_comments_delete(db: Database, post_id: str, comment_id: str) -> dict[str, Any]:
    """Deletes a comment by blog id, post id and comment id.

    Args:
        post_id: The post this comment belongs to; e.g. "P-0001" (from blogger_posts_list).
        comment_id: The identifier for this resource; e.g. "C-0001" (from blogger_comments_list_by_blog).

    Returns:
        The removed comment, marked deleted.
    """
    comment = _comment(db, comment_id)
    post = _post(db, post_id)
    if comment["post_id"] != post["post_id"]:
        raise ToolError(f"comment {comment['comment_id']} is not under post {post['post_id']} (it belongs to post "
                        f"{comment['post_id']})")
    db.execute("DELETE FROM comments WHERE comment_id = ?", [comment["comment_id"]])
    return {**comment, "deleted": True}


@tool
def blogger_users_get(db: Database, user_id: str) -> dict[str, Any]:
    """Gets one user by user_id.

    Args:
        user_id: The identifier for this User; e.g. "U-0001".

    Returns:
        The user with the names of the rows it refers to.
    """
    return _user(db, user_id)


@tool
def blogger_blogs_list_by_user(db: Database, user_id: str | None = None) -> list[dict[str, Any]]:
    """Lists blogs by user.

    Args:
        user_id: The user this blog belongs to; e.g. "U-0001".

    Returns:
        The matching blog summaries (blog_id, name, kind, published, status, url, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if user_id is not None:
        user = _user(db, user_id)
        where.append("t.user_id = ?")
        params.append(user["user_id"])
    return select_rows(db, _BLOGS_LIST_SQL, where, params, "t.blog_id")


@tool
def blogger_blog_user_infos_get(db: Database, user_id: str, blog_id: str) -> dict[str, Any]:
    """Gets one blog and user info pair by blog id and user id.

    Args:
        user_id: The user this blog belongs to; e.g. "U-0001".
        blog_id: The identifier for this resource; e.g. "B-0001" (from blogger_blogs_get_by_url).

    Returns:
        The blog with the names of the rows it refers to.
    """
    blog = _blog(db, blog_id)
    user = _user(db, user_id)
    if blog["user_id"] != user["user_id"]:
        raise ToolError(f"blog {blog['blog_id']} is not under user {user['user_id']} (it belongs to user "
                        f"{blog['user_id']})")
    return blog


@tool
def blogger_post_user_infos_list(db: Database, user_id: str | None = None) -> list[dict[str, Any]]:
    """Lists post and user info pairs.

    Args:
        user_id: The user this post belongs to; e.g. "U-0001".

    Returns:
        The matching post summaries (post_id, title, kind, published, reader_comments, status, user_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if user_id is not None:
        user = _user(db, user_id)
        where.append("t.user_id = ?")
        params.append(user["user_id"])
    return select_rows(db, _POSTS_LIST_SQL, where, params, "t.post_id")


@tool
def blogger_post_user_infos_get(db: Database, user_id: str, post_id: str) -> dict[str, Any]:
    """Gets one post and user info pair, by post_id and user_id.

    Args:
        user_id: The user this post belongs to; e.g. "U-0001".
        post_id: The identifier of this Post; e.g. "P-0001" (from blogger_posts_list).

    Returns:
        The post with the names of the rows it refers to.
    """
    post = _post(db, post_id)
    user = _user(db, user_id)
    if post["user_id"] != user["user_id"]:
        raise ToolError(f"post {post['post_id']} is not under user {user['user_id']} (it belongs to user "
                        f"{post['user_id']})")
    return post
