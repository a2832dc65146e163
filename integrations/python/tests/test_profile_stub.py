# SPDX-License-Identifier: Apache-2.0
"""The type stub (u8guard/_u8guard.pyi) and Profile's settings agree.

Profile.settings() and Profile's read-only attributes come, at run time,
from the library's one table of a profile's fields (ProfileSettings,
u8guard/profile_settings.h); the stub is written by hand. These tests read
the stub's class Profile and compare its properties with the settings'
keys, so a field added to the table and forgotten in the stub fails here.
"""

import ast
import os

import u8guard
from u8guard import Profile

STUB = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                    'u8guard', '_u8guard.pyi')

# The annotation the stub gives a setting of each Python type.
ANNOTATION = {str: 'str', bool: 'bool', int: 'int'}


def stub_properties(class_name):
    """{name: return annotation} of the @property methods of `class_name`
    in the stub, in the stub's order."""
    with open(STUB, encoding='utf-8') as f:
        tree = ast.parse(f.read(), STUB)
    cls = next(node for node in tree.body
               if isinstance(node, ast.ClassDef) and node.name == class_name)
    properties = {}
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Name) and d.id == 'property'
                for d in node.decorator_list):
            assert node.name not in properties, node.name
            properties[node.name] = ast.unparse(node.returns)
    return properties


def test_stub_declares_one_property_per_setting_in_file_order():
    keys = list(Profile('nickname').settings())
    assert list(stub_properties('Profile')) == keys


def test_stub_property_types_are_the_settings_types():
    properties = stub_properties('Profile')
    for profile in u8guard.builtin_profiles():
        for key, value in profile.settings().items():
            assert properties[key] == ANNOTATION[type(value)], (profile.name,
                                                                key)


def test_the_module_defines_the_same_properties():
    defined = [
        name for name, value in vars(Profile).items()
        if isinstance(value, property)
    ]
    assert sorted(defined) == sorted(Profile('nickname').settings())
    user = Profile('username-case-mapped')
    for key, value in user.settings().items():
        assert getattr(user, key) == value, key
