# SPDX-License-Identifier: Apache-2.0
"""u8guard.Profile, u8guard.Rejected and the module's small functions."""

import errno
import inspect
import os
import pickle

import pytest

import u8guard
from u8guard import Profile, Rejected

BUILTIN = [
    'username-case-mapped', 'username-case-preserved', 'opaque-string',
    'nickname', 'path-segment', 'text-document', 'identifier-class',
    'freeform-class', 'unicode-scalars', 'xml-characters',
    'unicode-assignables'
]
ZWSP = '\u200b'

# The Unicode version each ICU release implements (ICU's release notes; the
# C++ suites' table is tests/unicode_versions.cc's).
UNICODE_OF_ICU = {
    72: '15.0',
    73: '15.0',
    74: '15.1',
    75: '15.1',
    76: '16.0',
    77: '16.0',
    78: '17.0'
}


@pytest.fixture(name='user')
def fixture_user():
    return Profile('username-case-mapped')


def rejection(fn, *args):
    """The u8guard.Rejected that fn(*args) raises."""
    with pytest.raises(Rejected) as info:
        fn(*args)
    return info.value


# ---- versions, rules, small functions -------------------------------------


def test_versions():
    assert u8guard.__version__ == u8guard.library_version()
    assert u8guard.__version__.count('.') == 2
    # The ICU the build found (ctest says which), whichever it is.
    if os.environ.get('U8GUARD_ICU_VERSION'):
        assert u8guard.icu_version() == os.environ['U8GUARD_ICU_VERSION']
    icu_major = int(u8guard.icu_version().split('.')[0])
    assert icu_major >= 72
    unicode = u8guard.unicode_version()
    if icu_major in UNICODE_OF_ICU:
        assert unicode == UNICODE_OF_ICU[icu_major]
    else:
        assert tuple(int(part) for part in unicode.split('.')) >= (17, 0)
    assert u8guard.utf8_kernel() in ('scalar', 'sse42', 'avx2', 'avx512',
                                     'avx512vbmi')


def test_rules_have_stable_ids_and_values():
    ids = u8guard.rule_ids()
    assert ids[0] == 'utf8/invalid_byte'  # value 1
    assert ids[4] == 'utf8/overlong'  # value 5
    assert ids[7] == 'bom_not_allowed'
    assert 'DISALLOWED/precis_ignorable_properties' in ids
    assert ids[47] == 'path/too_long'
    assert ids[48] == 'stream_unsafe'
    assert ids[49] == 'path/empty_segment'
    assert ids[50:] == [
        'open/escapes_root', 'open/symlink', 'open/magic_link',
        'open/cross_device', 'open/symlink_loop', 'open/fifo', 'open/socket',
        'open/device', 'open/directory', 'repertoire/legacy_control',
        'repertoire/noncharacter'
    ]
    assert len(set(ids)) == len(ids) == 61
    assert u8guard.rule_description('utf8/overlong') == 'overlong encoding'
    with pytest.raises(ValueError):
        u8guard.rule_description('no/such_rule')


def test_constant_time_equals():
    assert u8guard.constant_time_equals(b'secret', b'secret')
    assert u8guard.constant_time_equals('s\u00e9cret', 's\u00e9cret'.encode())
    assert not u8guard.constant_time_equals(b'secret', b'secreT')
    assert not u8guard.constant_time_equals(b'secret', b'secret!')
    assert u8guard.constant_time_equals(b'', '')
    with pytest.raises(Rejected):
        u8guard.constant_time_equals('\ud800', 'x')
    with pytest.raises(TypeError):
        u8guard.constant_time_equals(1, b'1')


def test_escape_for_display():
    assert u8guard.escape_for_display('al' + ZWSP + 'ice') == 'al\\u{200B}ice'
    assert u8guard.escape_for_display(b'a\xc0b\\') == 'a\\xC0b\\\\'
    assert u8guard.escape_for_display('p\u0430ypal') == 'p\u0430ypal'


# ---- built-in profiles -----------------------------------------------------


def test_builtin_profiles():
    names = [p.name for p in u8guard.builtin_profiles()]
    assert sorted(names) == sorted(BUILTIN)
    for name in BUILTIN:
        p = Profile(name)
        assert p.name == name
        assert p in u8guard.builtin_profiles()
        assert repr(p) == "<u8guard.Profile '%s'>" % name


RFC_NAMES = {
    'UsernameCaseMapped': 'username-case-mapped',
    'UsernameCasePreserved': 'username-case-preserved',
    'OpaqueString': 'opaque-string',
    'Nickname': 'nickname',
    'IdentifierClass': 'identifier-class',
    'FreeformClass': 'freeform-class',
}


def test_rfc_names_designate_the_builtins():
    for rfc, kebab in RFC_NAMES.items():
        p = Profile(rfc)
        assert p.name == kebab
        assert p == Profile(kebab)
        assert repr(p) == "<u8guard.Profile '%s'>" % kebab
        # Wherever a profile is named.
        assert u8guard.AllowList(rfc, ['Admin']).profile.name == kebab
        assert u8guard.sanitize_path('a/b', segment_profile=rfc) == 'a/b'
    assert Profile('UsernameCaseMapped').canonicalize('\uff21dmin') == 'admin'
    with pytest.raises(LookupError):
        Profile('usernamecasemapped')


def test_rfc_names_with_a_policy_dir(tmp_path):
    (tmp_path / 'nickname.toml').write_text(
        Profile('nickname').replace(max_output_bytes=5).to_toml())
    assert Profile('Nickname', policy_dir=tmp_path).max_output_bytes == 5
    assert Profile('Nickname', policy_dir=tmp_path).name == 'nickname'
    assert Profile('OpaqueString', policy_dir=tmp_path).name == 'opaque-string'


@pytest.mark.parametrize('name,shown', [
    (b'evil\x1b[31m.toml', 'evil\\u{001B}[31m.toml'),
    (b'new\nline.toml', 'new\\u{000A}line.toml'),
    (b'bad\xff.toml', 'bad\\xFF.toml'),
    ('rlo\u202etxt.toml'.encode(), 'rlo\\u{202E}txt.toml'),
])
@pytest.mark.parametrize('kind', ['directory', 'fifo'])
def test_policy_dir_entry_names_are_escaped_in_errors(tmp_path, name, shown,
                                                      kind):
    """Attack (an outside review): a file name from a policy directory
    reached Python raw in the "not a regular file" error: escaped now, as
    in every other message."""
    entry = os.path.join(os.fsencode(str(tmp_path)), name)
    if kind == 'directory':
        os.mkdir(entry)
    else:
        os.mkfifo(entry)
    for load in (lambda: Profile('x', policy_dir=tmp_path),
                 lambda: u8guard.load_profiles(tmp_path)):
        with pytest.raises(OSError) as info:
            load()
        message = str(info.value)
        assert message == '%s/%s: not a regular file' % (
            u8guard.escape_for_display(str(tmp_path)), shown)
        assert not any(c < ' ' or '\x7f' <= c <= '\x9f' or c == '\u202e'
                       for c in message)


def test_unknown_profile_is_a_lookup_error():
    with pytest.raises(LookupError, match='no built-in profile "nope"'):
        Profile('nope')


def test_settings_and_attributes(user):
    s = user.settings()
    assert s == {
        'name': 'username-case-mapped',
        'description': user.description,
        'bom': 'reject',
        'string_class': 'identifier',
        'width_mapping': True,
        'additional_mapping': 'none',
        'case_mapping': 'lower',
        'key_case_mapping': 'lower',
        'normalization': 'NFC',
        'directionality': 'bidi_rule',
        'confusables': 'none',
        'reapply_rules': False,
        'max_input_bytes': 4096,
        'max_non_starters': 30,
        'min_output_bytes': 1,
        'max_output_bytes': 1024,
        'max_output_code_points': 256,
        'repertoire': 'any',
    }
    for key, value in s.items():
        assert getattr(user, key) == value, key
    assert Profile('nickname').key_case_mapping == 'lower'
    assert Profile('nickname').case_mapping == 'none'


def test_rfc_9839_repertoires():
    # The string is kept as it is; the first code point outside the subset
    # is named with its offset and rule.
    text = '\ufeffA\t\u0085\ufdd0'
    assert Profile('unicode-scalars').key(text) == text
    assert Profile('xml-characters').key(text) == text
    assert Profile('xml-characters').repertoire == 'xml_characters'
    with pytest.raises(u8guard.Rejected) as e:
        Profile('unicode-assignables').key(text)
    assert (e.value.rule, e.value.offset, e.value.code_point) == (
        'repertoire/legacy_control', 5, 0x85)
    with pytest.raises(u8guard.Rejected) as e:
        Profile('xml-characters').enforce('ok\uffff')
    assert (e.value.rule, e.value.offset) == ('repertoire/noncharacter', 2)


# ---- canonicalize, enforce, equivalent -------------------------------------


def test_canonicalize_keeps_the_input_type(user):
    assert user.canonicalize('\uff21\uff24\uff2d\uff29\uff2e') == 'admin'
    assert user.canonicalize(b'Admin') == b'admin'
    assert user.canonicalize(bytearray(b'Admin')) == b'admin'
    assert user.canonicalize(memoryview(b'Admin')) == b'admin'
    assert user.canonicalize('Jos\u0065\u0301') == 'jos\u00e9'  # NFC
    assert user.canonicalize('\u212aevin') == 'kevin'  # Kelvin sign
    assert type(user.enforce('X')) is str
    assert type(user.enforce(b'X')) is bytes


def test_enforce_and_canonicalize_differ_for_nickname():
    nick = Profile('nickname')
    assert nick.enforce('  Juliet   Capulet ') == 'Juliet Capulet'
    assert nick.canonicalize('  Juliet   Capulet ') == 'juliet capulet'
    assert nick.equivalent('Juliet', 'JULIET')
    assert Profile('username-case-preserved').enforce('Juliet') == 'Juliet'
    assert not Profile('username-case-preserved').equivalent('Juliet', 'juliet')


def test_equivalent_fails_closed(user):
    assert user.equivalent('Admin', '\uff41\uff44\uff4d\uff49\uff4e')
    assert user.equivalent(b'Admin', 'admin')
    assert not user.equivalent('admin', 'adm1n')
    assert not user.equivalent('al' + ZWSP + 'ice', 'al' + ZWSP + 'ice')
    assert not user.equivalent(b'\xc0\xae', b'\xc0\xae')
    assert not user.equivalent('\ud800', '\ud800')
    assert not user.equivalent('', '')


def test_the_per_name_methods_take_positional_arguments(user):
    with pytest.raises(TypeError, match='exactly one argument'):
        user.canonicalize()
    with pytest.raises(TypeError, match='no keyword arguments'):
        user.enforce(s='x')
    with pytest.raises(TypeError, match=r'equivalent\(\) takes exactly 2'):
        user.equivalent('a')
    with pytest.raises(TypeError, match=r'equivalent\(\) takes exactly 2'):
        user.equivalent('a', 'b', 'c')
    with pytest.raises(TypeError, match="doesn't apply"):
        Profile.canonicalize('not a profile', 'x')
    assert str(inspect.signature(Profile.canonicalize)) == '(self, s, /)'

    class MyProfile(Profile):
        pass

    assert MyProfile('nickname').canonicalize(' Juliet ') == 'juliet'


def test_text_arguments_everywhere_refuse_lone_surrogates(user):
    calls = [
        lambda: Profile.from_toml('name = "\udc80"'),
        lambda: user.replace(description='x\udc80'),
        lambda: u8guard.escape_for_display('\udc80'),
        lambda: u8guard.AllowList.from_text(user, 'a\n\udc80\n'),
        lambda: u8guard.sanitize_path('a', root='/srv/\udc80'),
        lambda: u8guard.constant_time_equals(b'x', '\udc80'),
    ]
    for call in calls:
        with pytest.raises(Rejected) as info:
            call()
        assert info.value.rule == 'utf8/surrogate'


def test_buffers_that_cannot_be_read_flat_raise_buffer_error(user):
    strided = memoryview(b'abcdef')[::2]
    with pytest.raises(BufferError):
        user.canonicalize(strided)
    with pytest.raises(BufferError):
        u8guard.validate_utf8(strided)
    assert user.canonicalize(memoryview(bytearray(b'ABC'))) == b'abc'


def test_other_argument_types_raise_type_error(user):
    for bad in (None, 42, ['admin'], object()):
        with pytest.raises(TypeError, match='must be str or bytes'):
            user.canonicalize(bad)
        with pytest.raises(TypeError):
            user.equivalent('admin', bad)


# ---- rejections -------------------------------------------------------------


def test_rejection_of_a_code_point(user):
    e = rejection(user.canonicalize, 'al' + ZWSP + 'ice')
    assert isinstance(e, ValueError)
    assert str(e) == ('username-case-mapped: rejected at byte 2 (U+200B): '
                      'DISALLOWED/precis_ignorable_properties')
    assert e.message == str(e)
    assert e.rule == 'DISALLOWED/precis_ignorable_properties'
    assert e.rule_value == u8guard.rule_ids().index(e.rule) + 1
    assert (e.offset, e.index, e.code_point) == (2, 2, 0x200B)
    assert (e.source, e.profile) == ('profile', 'username-case-mapped')
    assert (e.detail, e.bad_bytes) == ('', b'')


def test_offset_is_in_bytes_and_index_in_the_str(user):
    s = '\u00e9\u4e2d\U00020000x' + ZWSP  # 2-, 3-, 4-byte letters
    e = rejection(user.enforce, s)
    assert e.offset == len(s[:4].encode()) == 2 + 3 + 4 + 1
    assert e.index == 4 and s[e.index] == ZWSP
    # Bytes: both are byte offsets into what was passed.
    e = rejection(user.enforce, s.encode())
    assert e.offset == e.index == 10


def test_whole_string_rules(user):
    e = rejection(user.canonicalize, '')
    assert (e.rule, e.offset, e.index, e.code_point) == ('DISALLOWED/empty',
                                                         0, 0, None)
    e = rejection(user.canonicalize, '\u05d0a')  # RTL then LTR: Bidi Rule
    assert (e.rule, e.offset, e.code_point) == ('DISALLOWED/bidi_rule', 0,
                                                None)
    e = rejection(user.canonicalize, 'x' * 300)
    assert e.rule == 'too_long'


def test_input_too_long_points_past_the_bound(user):
    e = rejection(user.canonicalize, 'a' * 5000)
    assert (e.rule, e.offset, e.index) == ('input_too_long', 4096, 4096)
    # 4096 falls inside the 1366th three-byte character (index 1365).
    s = '\u4e2d' * 2000
    e = rejection(user.canonicalize, s)
    assert (e.rule, e.offset, e.index) == ('input_too_long', 4096, 1365)
    assert len(s[:e.index].encode()) <= e.offset < len(
        s[:e.index + 1].encode())


def test_invalid_utf8_bytes(user):
    e = rejection(user.canonicalize, b'ad\xc0\xafmin')
    assert (e.rule, e.offset, e.index, e.source) == ('utf8/overlong', 2, 2,
                                                     'profile')
    assert e.bad_bytes == b'\xc0\xaf'
    assert e.code_point is None
    assert str(e) == ('username-case-mapped: invalid UTF-8 at byte 2: '
                      'overlong encoding (C0 AF)')


def test_str_with_a_lone_surrogate_is_rejected_never_encoded(user):
    for fn in (user.canonicalize, user.enforce, user.skeleton,
               user.restriction_level):
        e = rejection(fn, 'ab\u00e9\udc80c')
        assert (e.rule, e.source, e.code_point) == ('utf8/surrogate',
                                                    'encoder', 0xDC80)
        assert e.index == 3
        assert e.offset == 4  # UTF-8 bytes before it
        assert str(e) == ('cannot encode code point 3 (U+DC80) as UTF-8: '
                          'encoded surrogate (utf8/surrogate)')
    # The same code point as bytes is ill-formed UTF-8.
    e = rejection(user.canonicalize, 'ab'.encode() + b'\xed\xb2\x80')
    assert (e.rule, e.source) == ('utf8/surrogate', 'profile')


def test_bom_policy(user):
    e = rejection(user.canonicalize, '\ufeffadmin')
    assert (e.rule, e.offset, e.code_point) == ('bom_not_allowed', 0, 0xFEFF)
    e = rejection(Profile('identifier-class').enforce, '\ufeffadmin')
    assert e.rule == 'DISALLOWED/precis_ignorable_properties'
    assert Profile('text-document').canonicalize(
        b'\xef\xbb\xbfhello\n') == b'hello\n'


def test_rejected_pickles_with_its_attributes(user):
    e = rejection(user.canonicalize, 'x\u00e9' + ZWSP)
    copy = pickle.loads(pickle.dumps(e))
    assert type(copy) is Rejected
    assert str(copy) == str(e)
    for attr in ('rule', 'rule_value', 'offset', 'index', 'code_point',
                 'source', 'profile', 'detail', 'bad_bytes'):
        assert getattr(copy, attr) == getattr(e, attr), attr
    assert (copy.offset, copy.index) == (3, 2)
    assert repr(e) == (
        "Rejected('username-case-mapped: rejected at byte 3 (U+200B): "
        "DISALLOWED/precis_ignorable_properties', rule="
        "'DISALLOWED/precis_ignorable_properties', offset=3, index=2, "
        'code_point=U+200B)')


# ---- look-alikes ------------------------------------------------------------


def test_skeleton_and_restriction_level(user):
    assert user.skeleton('p\u0430ypal') == user.skeleton('paypal')
    assert user.skeleton(b'rnike') == user.skeleton(b'mike')
    assert type(user.skeleton(b'x')) is bytes
    assert user.skeleton('alice') != user.skeleton('bob')
    assert user.restriction_level('paypal') == 'ascii'
    assert user.restriction_level('\u0440\u0430ypal') == (
        'minimally_restrictive')
    assert user.restriction_level('\u5c71\u7530') == (
        'single_script_restrictive')
    assert rejection(user.skeleton, 'a b').rule == 'DISALLOWED/spaces'


# ---- policy files, replace, pickle ----------------------------------------


def test_to_toml_round_trips():
    for p in u8guard.builtin_profiles():
        again = Profile.from_toml(p.to_toml())
        assert again == p and hash(again) == hash(p)
        assert pickle.loads(pickle.dumps(p)) == p


def test_replace(user):
    fold = user.replace(name='fold-users', case_mapping='fold',
                        key_case_mapping='fold')
    assert (fold.name, fold.case_mapping) == ('fold-users', 'fold')
    assert user.case_mapping == 'lower'  # unchanged
    assert fold != user
    # toLower and case folding differ on the sharp s.
    assert user.canonicalize('Stra\u00dfe') == 'stra\u00dfe'
    assert fold.canonicalize('Stra\u00dfe') == 'strasse'
    small = user.replace(max_output_code_points=3)
    assert rejection(small.canonicalize, 'abcd').rule == 'too_long'
    quoted = user.replace(description='a "quoted"\\ \t description')
    assert quoted.description == 'a "quoted"\\ \t description'


def test_replace_is_validated_like_a_policy_file(user):
    with pytest.raises(TypeError, match='unknown setting'):
        user.replace(colour='blue')
    with pytest.raises(ValueError, match='key "case_mapping"'):
        user.replace(case_mapping='upper')
    with pytest.raises(ValueError, match='expected true or false'):
        user.replace(width_mapping='yes')
    with pytest.raises(ValueError, match='must not be negative'):
        user.replace(max_input_bytes=-1)
    with pytest.raises(ValueError, match='min_output_bytes'):
        user.replace(min_output_bytes=2000)
    with pytest.raises(ValueError, match='must not be empty'):
        user.replace(name='')
    with pytest.raises(TypeError, match='must be bool, int or str'):
        user.replace(max_input_bytes=1.5)


def test_from_toml_errors_name_source_line_and_key():
    with pytest.raises(ValueError, match=r'^mine.toml:2: key "bom"'):
        Profile.from_toml('name = "x"\nbom = "maybe"\n', 'mine.toml')
    with pytest.raises(ValueError, match='TOML syntax error'):
        Profile.from_toml('name = ', 'bad.toml')
    with pytest.raises(ValueError, match='missing required key'):
        Profile.from_toml(b'name = "x"\n')


def write(path, text):
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def test_files_and_directories(tmp_path):
    toml = Profile('username-case-mapped').replace(
        name='staff', max_output_code_points=8).to_toml()
    path = write(tmp_path / 'staff.toml', toml)
    assert Profile.from_file(path).name == 'staff'
    assert Profile.from_file(str(path).encode()).name == 'staff'
    # A directory's profile replaces the built-in of the same name.
    write(tmp_path / 'nickname.toml',
          Profile('nickname').replace(max_output_bytes=5).to_toml())
    loaded = u8guard.load_profiles(tmp_path)
    assert sorted(loaded) == ['nickname', 'staff']
    assert Profile('staff', policy_dir=tmp_path).max_output_code_points == 8
    assert Profile('nickname', policy_dir=str(tmp_path)).max_output_bytes == 5
    assert Profile('opaque-string', policy_dir=tmp_path) == Profile(
        'opaque-string')
    with pytest.raises(LookupError):
        Profile('nope', policy_dir=tmp_path)


def test_file_errors(tmp_path):
    missing = os.path.join(str(tmp_path), 'missing.toml')
    with pytest.raises(FileNotFoundError, match='missing.toml'):
        Profile.from_file(missing)
    with pytest.raises(FileNotFoundError):
        u8guard.load_profiles(tmp_path / 'no-such-dir')
    with pytest.raises(FileNotFoundError):
        Profile('nickname', policy_dir=tmp_path / 'no-such-dir')
    with pytest.raises(TypeError, match='os.PathLike'):
        Profile.from_file(42)
    write(tmp_path / 'bad.toml', 'name = "x"\nbom = 3\n')
    with pytest.raises(ValueError, match=r'bad.toml:2: key "bom"'):
        u8guard.load_profiles(tmp_path)
    with pytest.raises(ValueError, match='bad.toml'):
        Profile('nickname', policy_dir=tmp_path)
    os.remove(tmp_path / 'bad.toml')
    text = Profile('nickname').to_toml()
    write(tmp_path / 'a.toml', text)
    write(tmp_path / 'b.toml', text)
    with pytest.raises(ValueError, match='already defined'):
        u8guard.load_profiles(tmp_path)
    if os.getuid() != 0:  # root reads anything
        locked = write(tmp_path / 'locked.toml', text)
        os.chmod(locked, 0)
        with pytest.raises(PermissionError):
            Profile.from_file(locked)


def test_file_errors_carry_their_errno(tmp_path):
    # Attack (an outside review): a name too long for open(2) raised
    # ValueError ("a bad policy file or option"), a full descriptor table
    # MemoryError, and neither said which errno. Every failed system call
    # is now the OSError of its own errno.
    with pytest.raises(OSError) as e:
        Profile.from_file('/' + 'x' * 5000)
    assert e.value.errno == errno.ENAMETOOLONG
    assert not isinstance(e.value, ValueError)
    loop = tmp_path / 'loop.toml'
    os.symlink(loop, loop)
    with pytest.raises(OSError) as e:
        Profile.from_file(loop)
    assert e.value.errno == errno.ELOOP


def test_a_file_name_with_nul_is_refused_not_cut(tmp_path):
    # Attack (an outside review): the name was cut at the NUL by open(2),
    # so "staff.toml\0.ignored" read staff.toml, and a root "dir\0/x" opened
    # dir (code that appends a suffix to a user's name could be made to
    # drop it). Refused with ValueError, as Python's own open() refuses it.
    staff = write(tmp_path / 'staff.toml', Profile('nickname').to_toml())
    acl = write(tmp_path / 'users.acl', 'alice\n')
    (tmp_path / 'real').mkdir()
    write(tmp_path / 'real' / 'a.toml', Profile('nickname').to_toml())
    cut = str(tmp_path) + '\0/elsewhere'
    for call in (
            lambda: Profile.from_file(str(staff) + '\0.ignored'),
            lambda: u8guard.load_profiles(str(tmp_path / 'real') + '\0x'),
            lambda: Profile('nickname', policy_dir=cut),
            lambda: u8guard.AllowList.from_file('nickname',
                                                str(acl) + '\0.bak'),
            lambda: u8guard.RegistrationPolicy.load(str(staff) + '\0x'),
            lambda: u8guard.open_beneath_fd(cut, 'users.acl')):
        with pytest.raises(ValueError, match='NUL'):
            call()
