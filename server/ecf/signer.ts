// Signing e-CF documents with the school's certificate (issue 22), as DGII's 'Firmado de e-CF'
// describes it (docs/ecf-reading-notes.md §2): an enveloped XMLDSig over the whole document
// (Reference URI=""), C14N 1.0, RSA-SHA256 with SHA-256 digests, the certificate in KeyInfo, the
// Signature the root's last child, and no whitespace between elements. The .p12 is read with
// node-forge and the signature made with xml-crypto, the two libraries `dgii-ecf` itself wraps:
// `dgii-ecf` cannot be installed from the npm registry (it depends on the placeholder package
// fs@0.0.1-security, no longer served), and its published 1.8.0 writes a 12-hour FechaHoraFirma.
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { ConfigError, readSettingFile, type EcfConfig } from '../config.ts';

export interface EcfSigner {
  /** The certificate's holder as it names it (its subject's serial number is the school's RNC). */
  holder: string;
  /** The certificate's last valid day. */
  validUntil: Date;
  /** The document signed, ready to send. */
  sign(xml: string): string;
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** The key and certificate of a .p12 (PKCS#12), as PEM. */
export function readP12(
  p12: Buffer,
  password: string,
): { key: string; cert: string; certificate: forge.pki.Certificate } {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const bundle = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  const bagsOf = (type: string) => bundle.getBags({ bagType: type })[type] ?? [];
  const keyBag = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(forge.pki.oids.keyBag!)][0];
  const certBag = bagsOf(forge.pki.oids.certBag!)[0];
  if (!keyBag?.key || !certBag?.cert) throw new Error('the .p12 holds no private key and certificate');
  return {
    key: forge.pki.privateKeyToPem(keyBag.key),
    cert: forge.pki.certificateToPem(certBag.cert),
    certificate: certBag.cert,
  };
}

/** Reads the school's certificate at start; a file or password that does not open it stops the server. */
export function loadEcfSigner(config: Pick<EcfConfig, 'p12File' | 'p12Password'>): EcfSigner {
  const p12 = readSettingFile('ECF_P12_FILE', config.p12File);
  let read: ReturnType<typeof readP12>;
  try {
    read = readP12(p12, config.p12Password);
  } catch (error) {
    throw new ConfigError(
      [`ECF_P12_FILE / ECF_P12_PASSWORD do not open the certificate (${(error as Error).message})`],
      { cause: error },
    );
  }
  return ecfSigner(read.key, read.cert, read.certificate);
}

export function ecfSigner(key: string, cert: string, certificate: forge.pki.Certificate): EcfSigner {
  const attribute = (name: string): string => {
    const field = certificate.subject.getField(name) as { value?: unknown } | null;
    return typeof field?.value === 'string' ? field.value : '';
  };
  return {
    holder: attribute('CN') || attribute('serialNumber'),
    validUntil: certificate.validity.notAfter,
    sign(xml: string): string {
      // DGII signs the document as it travels: no whitespace between elements.
      const compact = xml.replace(/>\s+</g, '><').trim();
      const root = /<([A-Za-z][\w.-]*)[\s>]/.exec(compact.replace(/^<\?xml[^>]*\?>/, ''))?.[1] ?? 'ECF';
      const signature = new SignedXml({
        privateKey: key,
        publicCert: cert,
        canonicalizationAlgorithm: C14N,
        signatureAlgorithm: RSA_SHA256,
      });
      signature.addReference({
        xpath: `/*[local-name(.)='${root}']`,
        transforms: [ENVELOPED],
        digestAlgorithm: SHA256,
        isEmptyUri: true,
      });
      signature.computeSignature(compact, {
        location: { reference: `/*[local-name(.)='${root}']`, action: 'append' },
      });
      return signature.getSignedXml();
    },
  };
}

/** The security code of a signed e-CF (one rule, src/domain/ecf.ts). */
export { ecfSecurityCode as securityCode } from '../../src/domain/ecf.ts';
