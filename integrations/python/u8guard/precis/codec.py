# SPDX-License-Identifier: Apache-2.0
"""Registers the PRECIS profiles as codecs, as precis_i18n.codec does.

    import u8guard.precis.codec  # instead of: import precis_i18n.codec

    'Juliet'.encode('UsernameCaseMapped')   # b'juliet'

Encoding enforces the profile and returns UTF-8 bytes; a rejected string
raises UnicodeEncodeError (see u8guard.precis). Decoding is not supported
(NotImplementedError). Codec names are the profile names get_profile()
knows.
"""

import codecs
from typing import Callable, Optional, Tuple

from u8guard.precis import PrecisProfile, get_profile

__all__ = ['search']


# The parameters are named as codecs.CodecInfo's protocols name them.
# pylint: disable=redefined-builtin


def _encoder(profile: PrecisProfile) -> Callable[..., Tuple[bytes, int]]:

    def encode(input: str, errors: str = 'strict') -> Tuple[bytes, int]:
        if errors != 'strict':
            raise ValueError('invalid errors argument')
        return profile.enforce(input).encode('utf-8'), len(input)

    return encode


def _decode(input: bytes, errors: str = 'strict') -> Tuple[str, int]:
    raise NotImplementedError('decode not supported')


def search(name: str) -> Optional[codecs.CodecInfo]:
    """The codec search function: a CodecInfo for a profile name, or None.

    Args:
        name: the codec name Python looks up (lower case).

    Returns:
        The codec, or None when no profile has that name.
    """
    try:
        profile = get_profile(name)
    except KeyError:
        return None
    return codecs.CodecInfo(name=name, encode=_encoder(profile), decode=_decode)


codecs.register(search)
