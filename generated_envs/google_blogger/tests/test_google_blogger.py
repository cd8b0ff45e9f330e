"""The google_blogger environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, assert_refused = ENV.run, ENV.assert_refused


def test_every_parameter_is_described() -> None:
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    for csv in (ENV.root / "seed").glob("*.csv"):
        assert (tmp_path / csv.name).read_bytes() == csv.read_bytes(), csv.name


def test_manifest_states_the_rules() -> None:
    assert len(ENV.manifest.rules) >= 6


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_blogger_blogs_get_by_url(state: DuckDBState) -> None:
    result = run(state, "blogger_blogs_get_by_url")
    assert isinstance(result, list) and result
    rows = run(state, "blogger_blogs_get_by_url", url='https://www.hernandez.com/')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['url']).lower() == 'https://www.hernandez.com/' for r in rows)

def test_blogger_blogs_get(state: DuckDBState) -> None:
    result = run(state, "blogger_blogs_get", blog_id='B-0001')
    assert result['blog_id'] == 'B-0001'

def test_blogger_blogs_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_blogs_get",
                   re.escape("no blog with id 'B-9999' (blog ids look like 'B-0001')"),
                   blog_id='B-9999')

def test_blogger_comments_list_by_blog(state: DuckDBState) -> None:
    result = run(state, "blogger_comments_list_by_blog")
    assert isinstance(result, list) and result

def test_blogger_pages_list(state: DuckDBState) -> None:
    result = run(state, "blogger_pages_list")
    assert isinstance(result, list) and result

def test_blogger_pages_insert(state: DuckDBState) -> None:
    result = run(state, "blogger_pages_insert",
                 author='{}',
                 blog='[]',
                 content='Work special total financial role together range',
                 etag='f112d652ecf13dacd9c78c11e1e7f987',
                 kind='CUSTOM',
                 published='2026-03-02T09:00:00',
                 self_link='https://www.sheppard-tucker.com/',
                 status='LIVE',
                 title='Me Help Past',
                 trashed='Change Suggest',
                 updated='2026-03-02T09:00:00',
                 url='http://www.taylor-davis.com/')
    assert result['page_id'] == 'P-0024'
    assert state.db.scalar("SELECT count(*) FROM pages WHERE page_id = ?", ['P-0024']) == 1

def test_blogger_pages_insert_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_pages_insert",
                   re.escape("published 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   author='{}', blog='[]', content='Work special total financial role together range',
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='CUSTOM', published='someday',
                   self_link='https://www.sheppard-tucker.com/', status='LIVE', title='Me Help Past',
                   trashed='Change Suggest', updated='2026-03-02T09:00:00', url='http://www.taylor-davis.com/')
    assert_refused(state, "blogger_pages_insert",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   author='{}', blog='[]', content='Work special total financial role together range',
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='CUSTOM', published='2026-03-02T09:00:00',
                   self_link='https://www.sheppard-tucker.com/', status='LIVE', title='Me Help Past',
                   trashed='Change Suggest', updated='someday', url='http://www.taylor-davis.com/')

def test_blogger_pages_get(state: DuckDBState) -> None:
    result = run(state, "blogger_pages_get", page_id='P-0001')
    assert result['page_id'] == 'P-0001'

def test_blogger_pages_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_pages_get",
                   re.escape("no page with id 'P-9999' (page ids look like 'P-0001')"),
                   page_id='P-9999')

def test_blogger_pages_patch(state: DuckDBState) -> None:
    result = run(state, "blogger_pages_patch",
                 page_id='P-0001',
                 author='{}',
                 blog='[]',
                 content='Work special total financial role together range',
                 etag='f112d652ecf13dacd9c78c11e1e7f987',
                 kind='CUSTOM',
                 published='2026-03-02T09:00:00',
                 self_link='https://www.sheppard-tucker.com/',
                 status='LIVE',
                 title='Me Help Past',
                 trashed='Change Suggest',
                 updated='2026-03-02T09:00:00',
                 url='http://www.taylor-davis.com/')
    assert result['author'] == '{}'
    assert result['blog'] == '[]'
    assert result['content'] == 'Work special total financial role together range'
    assert result['etag'] == 'f112d652ecf13dacd9c78c11e1e7f987'
    assert result['kind'] == 'CUSTOM'
    assert result['published'] == '2026-03-02T09:00:00'
    assert result['self_link'] == 'https://www.sheppard-tucker.com/'
    assert result['status'] == 'LIVE'
    assert result['title'] == 'Me Help Past'
    assert result['trashed'] == 'Change Suggest'
    assert result['updated'] == '2026-03-02T09:00:00'
    assert result['url'] == 'http://www.taylor-davis.com/'

def test_blogger_pages_patch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_pages_patch",
                   re.escape("no page with id 'P-9999' (page ids look like 'P-0001')"),
                   page_id='P-9999', author='{}', blog='[]',
                   content='Work special total financial role together range',
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='CUSTOM', published='2026-03-02T09:00:00',
                   self_link='https://www.sheppard-tucker.com/', status='LIVE', title='Me Help Past',
                   trashed='Change Suggest', updated='2026-03-02T09:00:00', url='http://www.taylor-davis.com/')
    assert_refused(state, "blogger_pages_patch",
                   re.escape("published 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   page_id='P-0001', author='{}', blog='[]',
                   content='Work special total financial role together range',
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='CUSTOM', published='someday',
                   self_link='https://www.sheppard-tucker.com/', status='LIVE', title='Me Help Past',
                   trashed='Change Suggest', updated='2026-03-02T09:00:00', url='http://www.taylor-davis.com/')
    assert_refused(state, "blogger_pages_patch",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   page_id='P-0001', author='{}', blog='[]',
                   content='Work special total financial role together range',
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='CUSTOM', published='2026-03-02T09:00:00',
                   self_link='https://www.sheppard-tucker.com/', status='LIVE', title='Me Help Past',
                   trashed='Change Suggest', updated='someday', url='http://www.taylor-davis.com/')
    assert_refused(state, "blogger_pages_patch",
                   re.escape('blogger pages patch needs at least one of author, blog, content, etag, kind, published, self link, status, title, trashed, updated or url'),
                   page_id='P-0001')

def test_blogger_posts_list(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_list")
    assert isinstance(result, list) and result

def test_blogger_posts_insert(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_insert",
                 author='[]',
                 blog='[]',
                 content='Involve education little direction exist',
                 custom_meta_data='[]',
                 etag='2518f249fab96db395a6aa96bc7e232c',
                 images='{}',
                 kind='CUSTOM',
                 labels='{}',
                 location='[]',
                 published='2026-03-02T09:00:00',
                 reader_comments='ALLOW',
                 replies='{}',
                 self_link='http://www.evans.com/',
                 status='LIVE',
                 title='Young Artist Clear',
                 title_link='https://www.berg-trujillo.info/',
                 trashed='In Resource',
                 updated='2026-03-02T09:00:00',
                 url='http://lee-myers.com/')
    assert result['post_id'] == 'P-0041'
    assert state.db.scalar("SELECT count(*) FROM posts WHERE post_id = ?", ['P-0041']) == 1

def test_blogger_posts_insert_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_posts_insert",
                   re.escape("published 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   author='[]', blog='[]', content='Involve education little direction exist',
                   custom_meta_data='[]', etag='2518f249fab96db395a6aa96bc7e232c', images='{}', kind='CUSTOM',
                   labels='{}', location='[]', published='someday', reader_comments='ALLOW', replies='{}',
                   self_link='http://www.evans.com/', status='LIVE', title='Young Artist Clear',
                   title_link='https://www.berg-trujillo.info/', trashed='In Resource',
                   updated='2026-03-02T09:00:00', url='http://lee-myers.com/')
    assert_refused(state, "blogger_posts_insert",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   author='[]', blog='[]', content='Involve education little direction exist',
                   custom_meta_data='[]', etag='2518f249fab96db395a6aa96bc7e232c', images='{}', kind='CUSTOM',
                   labels='{}', location='[]', published='2026-03-02T09:00:00', reader_comments='ALLOW',
                   replies='{}', self_link='http://www.evans.com/', status='LIVE', title='Young Artist Clear',
                   title_link='https://www.berg-trujillo.info/', trashed='In Resource', updated='someday',
                   url='http://lee-myers.com/')

def test_blogger_posts_get_by_path(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_get_by_path")
    assert isinstance(result, list) and result

def test_blogger_posts_search(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_search")
    assert isinstance(result, list) and result

def test_blogger_posts_get(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_get", post_id='P-0001')
    assert result['post_id'] == 'P-0001'

def test_blogger_posts_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_posts_get",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   post_id='P-9999')

def test_blogger_posts_patch(state: DuckDBState) -> None:
    result = run(state, "blogger_posts_patch",
                 post_id='P-0001',
                 author='[]',
                 blog='[]',
                 content='Involve education little direction exist',
                 custom_meta_data='[]',
                 etag='2518f249fab96db395a6aa96bc7e232c',
                 images='{}',
                 kind='CUSTOM',
                 labels='{}',
                 location='[]',
                 published='2026-03-02T09:00:00',
                 reader_comments='ALLOW',
                 replies='{}',
                 self_link='http://www.evans.com/',
                 status='LIVE',
                 title='Young Artist Clear',
                 title_link='https://www.berg-trujillo.info/',
                 trashed='In Resource',
                 updated='2026-03-02T09:00:00',
                 url='http://lee-myers.com/')
    assert result['author'] == '[]'
    assert result['blog'] == '[]'
    assert result['content'] == 'Involve education little direction exist'
    assert result['custom_meta_data'] == '[]'
    assert result['etag'] == '2518f249fab96db395a6aa96bc7e232c'
    assert result['images'] == '{}'
    assert result['kind'] == 'CUSTOM'
    assert result['labels'] == '{}'
    assert result['location'] == '[]'
    assert result['published'] == '2026-03-02T09:00:00'
    assert result['reader_comments'] == 'ALLOW'
    assert result['replies'] == '{}'
    assert result['self_link'] == 'http://www.evans.com/'
    assert result['status'] == 'LIVE'
    assert result['title'] == 'Young Artist Clear'
    assert result['title_link'] == 'https://www.berg-trujillo.info/'
    assert result['trashed'] == 'In Resource'
    assert result['updated'] == '2026-03-02T09:00:00'
    assert result['url'] == 'http://lee-myers.com/'

def test_blogger_posts_patch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_posts_patch",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   post_id='P-9999', author='[]', blog='[]', content='Involve education little direction exist',
                   custom_meta_data='[]', etag='2518f249fab96db395a6aa96bc7e232c', images='{}', kind='CUSTOM',
                   labels='{}', location='[]', published='2026-03-02T09:00:00', reader_comments='ALLOW',
                   replies='{}', self_link='http://www.evans.com/', status='LIVE', title='Young Artist Clear',
                   title_link='https://www.berg-trujillo.info/', trashed='In Resource',
                   updated='2026-03-02T09:00:00', url='http://lee-myers.com/')
    assert_refused(state, "blogger_posts_patch",
                   re.escape("published 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   post_id='P-0001', author='[]', blog='[]', content='Involve education little direction exist',
                   custom_meta_data='[]', etag='2518f249fab96db395a6aa96bc7e232c', images='{}', kind='CUSTOM',
                   labels='{}', location='[]', published='someday', reader_comments='ALLOW', replies='{}',
                   self_link='http://www.evans.com/', status='LIVE', title='Young Artist Clear',
                   title_link='https://www.berg-trujillo.info/', trashed='In Resource',
                   updated='2026-03-02T09:00:00', url='http://lee-myers.com/')
    assert_refused(state, "blogger_posts_patch",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   post_id='P-0001', author='[]', blog='[]', content='Involve education little direction exist',
                   custom_meta_data='[]', etag='2518f249fab96db395a6aa96bc7e232c', images='{}', kind='CUSTOM',
                   labels='{}', location='[]', published='2026-03-02T09:00:00', reader_comments='ALLOW',
                   replies='{}', self_link='http://www.evans.com/', status='LIVE', title='Young Artist Clear',
                   title_link='https://www.berg-trujillo.info/', trashed='In Resource', updated='someday',
                   url='http://lee-myers.com/')
    assert_refused(state, "blogger_posts_patch",
                   re.escape('blogger posts patch needs at least one of author, blog, content, custom meta data, etag, images, kind, labels, location, published, reader comments, replies, self link, status, title, title link, trashed, updated or url'),
                   post_id='P-0001')

def test_blogger_comments_list(state: DuckDBState) -> None:
    result = run(state, "blogger_comments_list")
    assert isinstance(result, list) and result
    rows = run(state, "blogger_comments_list", post_id='P-0009')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['post_id']).lower() == 'p-0009' for r in rows)
    rows = run(state, "blogger_comments_list", status='SPAM')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'spam' for r in rows)

def test_blogger_comments_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_comments_list",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   post_id='P-9999')

def test_blogger_comments_get(state: DuckDBState) -> None:
    result = run(state, "blogger_comments_get", post_id='P-0012', comment_id='C-0001')
    assert result['comment_id'] == 'C-0001'

def test_blogger_comments_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_comments_get",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   post_id='P-9999', comment_id='C-0001')
    assert_refused(state, "blogger_comments_get",
                   re.escape("no comment with id 'C-9999' (comment ids look like 'C-0001')"),
                   post_id='P-0012', comment_id='C-9999')
    assert_refused(state, "blogger_comments_get",
                   re.escape('comment C-0001 is not under post P-0001 (it belongs to post P-0012)'),
                   post_id='P-0001', comment_id='C-0001')

def test_blogger_comments_delete(state: DuckDBState) -> None:
    result = run(state, "blogger_comments_delete", post_id='P-0012', comment_id='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM comments WHERE comment_id = ?", ['C-0001']) == 0

def test_blogger_comments_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_comments_delete",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   post_id='P-9999', comment_id='C-0001')
    assert_refused(state, "blogger_comments_delete",
                   re.escape("no comment with id 'C-9999' (comment ids look like 'C-0001')"),
                   post_id='P-0012', comment_id='C-9999')
    assert_refused(state, "blogger_comments_delete",
                   re.escape('comment C-0001 is not under post P-0001 (it belongs to post P-0012)'),
                   post_id='P-0001', comment_id='C-0001')

def test_blogger_users_get(state: DuckDBState) -> None:
    result = run(state, "blogger_users_get", user_id='U-0001')
    assert result['user_id'] == 'U-0001'

def test_blogger_users_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_users_get",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_blogger_blogs_list_by_user(state: DuckDBState) -> None:
    result = run(state, "blogger_blogs_list_by_user")
    assert isinstance(result, list) and result
    rows = run(state, "blogger_blogs_list_by_user", user_id='U-0018')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == 'u-0018' for r in rows)

def test_blogger_blogs_list_by_user_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_blogs_list_by_user",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_blogger_blog_user_infos_get(state: DuckDBState) -> None:
    result = run(state, "blogger_blog_user_infos_get", user_id='U-0023', blog_id='B-0001')
    assert result['blog_id'] == 'B-0001'

def test_blogger_blog_user_infos_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_blog_user_infos_get",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999', blog_id='B-0001')
    assert_refused(state, "blogger_blog_user_infos_get",
                   re.escape("no blog with id 'B-9999' (blog ids look like 'B-0001')"),
                   user_id='U-0023', blog_id='B-9999')
    assert_refused(state, "blogger_blog_user_infos_get",
                   re.escape('blog B-0001 is not under user U-0001 (it belongs to user U-0023)'),
                   user_id='U-0001', blog_id='B-0001')

def test_blogger_post_user_infos_list(state: DuckDBState) -> None:
    result = run(state, "blogger_post_user_infos_list")
    assert isinstance(result, list) and result
    rows = run(state, "blogger_post_user_infos_list", user_id='U-0014')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == 'u-0014' for r in rows)

def test_blogger_post_user_infos_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_post_user_infos_list",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_blogger_post_user_infos_get(state: DuckDBState) -> None:
    result = run(state, "blogger_post_user_infos_get", user_id='U-0005', post_id='P-0001')
    assert result['post_id'] == 'P-0001'

def test_blogger_post_user_infos_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "blogger_post_user_infos_get",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999', post_id='P-0001')
    assert_refused(state, "blogger_post_user_infos_get",
                   re.escape("no post with id 'P-9999' (post ids look like 'P-0001')"),
                   user_id='U-0005', post_id='P-9999')
    assert_refused(state, "blogger_post_user_infos_get",
                   re.escape('post P-0001 is not under user U-0001 (it belongs to user U-0005)'),
                   user_id='U-0001', post_id='P-0001')
