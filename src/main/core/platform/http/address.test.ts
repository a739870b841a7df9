import { describe, expect, it } from 'vitest';
import { Addresses } from './address';

describe('Addresses', () => {
  it('splits an address into what a request sends and what a log may show', () => {
    const a = new Addresses().get('https://api.example.com:8443/v2/posts?token=s3cret&limit=1');
    expect(a).toEqual({
      href: 'https://api.example.com:8443/v2/posts?token=s3cret&limit=1',
      host: 'api.example.com:8443',
      origin: 'https://api.example.com:8443',
      path: '/v2/posts?token=s3cret&limit=1',
      logged: 'https://api.example.com:8443/v2/posts',
    });
  });

  it('parses an address once, and still refuses what is not http(s)', () => {
    const addresses = new Addresses();
    expect(addresses.get('http://h/x')).toBe(addresses.get('http://h/x'));
    expect(() => addresses.get('ftp://h/x')).toThrow(TypeError);
    expect(() => addresses.get('not a url')).toThrow(TypeError);
  });

  it('stays bounded when every address differs', () => {
    const addresses = new Addresses();
    const first = addresses.get('http://h/0');
    for (let i = 1; i <= 600; i += 1) addresses.get(`http://h/${i}`);
    expect(addresses.get('http://h/0')).not.toBe(first);
    expect(addresses.get('http://h/0')).toEqual(first);
  });
});
